// pkg market pairs <network> 0x<token>: every pool of a token on a network (pair provider, then pool provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketPairsCommand = defineDataCommand({
  name: 'market pairs',
  summary: 'every pool of a token on a network (pair provider, then pool provider)',
  help: 'Example:\n  pkg market pairs robinhood 0x…',
  configure: (cmd) =>
    cmd
      .argument(
        '<network>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
      )
      .argument('<token>', 'token address'),
  call: (client, { positionals, fresh }) =>
    client.market.tokenPairs({ network: String(positionals[0]), address: String(positionals[1]), fresh }),
});
