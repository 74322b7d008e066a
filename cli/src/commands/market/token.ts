// pkg market token <network> 0x<token>: a token on a network: price, FDV, market cap, main pool.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketTokenCommand = defineDataCommand({
  name: 'market token',
  summary: 'a token on a network: price, FDV, market cap, main pool',
  help: 'Example:\n  pkg market token robinhood 0x…',
  configure: (cmd) =>
    cmd
      .argument(
        '<network>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
      )
      .argument('<token>', 'token address'),
  call: (client, { positionals, fresh }) =>
    client.market.token({ network: String(positionals[0]), address: String(positionals[1]), fresh }),
});
