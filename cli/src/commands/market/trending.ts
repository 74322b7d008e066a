// pkg market trending [--network <id>] [--page <n>]: trending pools of a network (pool provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketTrendingCommand = defineDataCommand({
  name: 'market trending',
  summary: 'trending pools of a network (pool provider)',
  configure: (cmd) =>
    cmd
      .option(
        '--network <id>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
        'robinhood',
      )
      .option('--page <n>', 'page, 1 to 10')
      .option('--duration <5m|1h|6h|24h>', 'trend window (default 24h)'),
  call: (client, { options, fresh }) =>
    client.market.trendingPools({
      network: String(options.network),
      ...(options.page !== undefined ? { page: Number(options.page) } : {}),
      ...(typeof options.duration === 'string' ? { duration: options.duration as '24h' } : {}),
      fresh,
    }),
});
