// pkg market price <network> 0x<token>: a token's USD price (aggregator, then pool provider).
import { defineAddressCommand } from './define-market-command.js';

export const marketPriceCommand = defineAddressCommand({
  name: 'market price',
  summary: "a token's USD price (aggregator, then pool provider)",
  argument: 'token',
  call: (client, { network, address, fresh }) =>
    client.market.tokenPrice({ network, address: address, fresh }),
});
