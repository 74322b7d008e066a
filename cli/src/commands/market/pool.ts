// pkg market pool <network> 0x<pool>: one pair or pool: price, liquidity, volume, changes, buys and sells.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketPoolCommand = defineDataCommand({
  name: 'market pool',
  summary: 'one pair or pool: price, liquidity, volume, changes, buys and sells',
  help: 'Example:\n  pkg market pool robinhood 0x…',
  configure: (cmd) =>
    cmd
      .argument(
        '<network>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
      )
      .argument('<pool>', 'pair or pool address (v4: pool id)'),
  call: (client, { positionals, fresh }) =>
    client.market.pair({ network: String(positionals[0]), address: String(positionals[1]), fresh }),
});
