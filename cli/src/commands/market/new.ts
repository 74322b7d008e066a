// pkg market new [--network <id>] [--page <n>]: pools created on a network in the last 48 hours (pool provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketNewCommand = defineDataCommand({
  name: 'market new',
  summary: 'pools created on a network in the last 48 hours (pool provider)',
  configure: (cmd) =>
    cmd
      .option(
        '--network <id>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
        'robinhood',
      )
      .option('--page <n>', 'page, 1 to 10'),
  call: (client, { options, fresh }) =>
    client.market.newPools({
      network: String(options.network),
      ...(options.page !== undefined ? { page: Number(options.page) } : {}),
      fresh,
    }),
});
