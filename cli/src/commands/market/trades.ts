// pkg market trades <network> 0x<pool>: the last trades of a pool (24 h, pool provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketTradesCommand = defineDataCommand({
  name: 'market trades',
  summary: 'the last trades of a pool (24 h, pool provider)',
  help: 'Example:\n  pkg market trades robinhood 0x…',
  configure: (cmd) =>
    cmd
      .argument(
        '<network>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
      )
      .argument('<pool>', 'pool address'),
  call: (client, { positionals, fresh }) =>
    client.market.trades({ network: String(positionals[0]), pool: String(positionals[1]), fresh }),
});
