// pkg market pool <network> 0x<pool>: one pair or pool: price, liquidity, volume, changes, buys and sells.
import { defineAddressCommand } from './define-market-command.js';

export const marketPoolCommand = defineAddressCommand({
  name: 'market pool',
  summary: 'one pair or pool: price, liquidity, volume, changes, buys and sells',
  argument: 'pool',
  call: (client, { network, address, fresh }) => client.market.pair({ network, address: address, fresh }),
});
