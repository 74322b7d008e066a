// pkg market token <network> 0x<token>: a token on a network: price, FDV, market cap, main pool.
import { defineAddressCommand } from './define-market-command.js';

export const marketTokenCommand = defineAddressCommand({
  name: 'market token',
  summary: 'a token on a network: price, FDV, market cap, main pool',
  argument: 'token',
  call: (client, { network, address, fresh }) => client.market.token({ network, address: address, fresh }),
});
