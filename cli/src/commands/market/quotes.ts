// pkg market quotes <network> 0x<token>: the price from every source, each on its own.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketQuotesCommand = defineDataCommand({
  name: 'market quotes',
  summary: 'a token price from every source separately (no average, no consensus)',
  help: 'Each source answers on its own, with its own status and time; exit 0 when one answered.',
  configure: (cmd) =>
    cmd
      .argument(
        '<network>',
        'market network: robinhood (the chain) or a provider network id such as eth or base',
      )
      .argument('<token>', 'token address'),
  quotes: true,
  call: (client, { positionals, fresh }) =>
    client.market.quotes({ network: String(positionals[0]), address: String(positionals[1]), fresh }),
});
