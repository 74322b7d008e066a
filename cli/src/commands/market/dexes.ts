// pkg market dexes [--network <id>] [--page <n>]: the DEXes of a network (pool provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketDexesCommand = defineDataCommand({
  name: 'market dexes',
  summary: 'the DEXes of a network (pool provider)',
  configure: (cmd) =>
    cmd
      .option(
        '--network <id>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
        'robinhood',
      )
      .option('--page <n>', 'page, 1 to 10'),
  call: (client, { options, fresh }) =>
    client.market.dexes({
      network: String(options.network),
      ...(options.page !== undefined ? { page: Number(options.page) } : {}),
      fresh,
    }),
});
