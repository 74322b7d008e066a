// pkg market quotes <network> 0x<token>: a token price from every source separately (no average, no consensus).
import { defineAddressCommand } from './define-market-command.js';

export const marketQuotesCommand = defineAddressCommand({
  name: 'market quotes',
  summary: 'a token price from every source separately (no average, no consensus)',
  argument: 'token',
  quotes: true,
  call: (client, { network, address, fresh }) => client.market.quotes({ network, address: address, fresh }),
});
