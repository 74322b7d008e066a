// pkg market trending [--network <id>] [--page <n>] [--duration <w>]: trending pools of a network.
import { defineDataCommand } from '../../lib/data/data-command.js';
import { networkOptions, networkPage } from './define-market-command.js';

export const marketTrendingCommand = defineDataCommand({
  name: 'market trending',
  summary: 'trending pools of a network (pool provider)',
  configure: (cmd) => networkOptions(cmd).option('--duration <5m|1h|6h|24h>', 'trend window (default 24h)'),
  call: (client, { options, fresh }) =>
    client.market.trendingPools({
      ...networkPage(options),
      ...(typeof options.duration === 'string' ? { duration: options.duration as '24h' } : {}),
      fresh,
    }),
});
