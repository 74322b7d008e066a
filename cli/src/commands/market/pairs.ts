// pkg market pairs <network> 0x<token>: every pool of a token on a network (pair provider, then pool provider).
import { defineAddressCommand } from './define-market-command.js';

export const marketPairsCommand = defineAddressCommand({
  name: 'market pairs',
  summary: 'every pool of a token on a network (pair provider, then pool provider)',
  argument: 'token',
  call: (client, { network, address, fresh }) =>
    client.market.tokenPairs({ network, address: address, fresh }),
});
