// pkg market trades <network> 0x<pool>: the last trades of a pool (24 h, pool provider).
import { defineAddressCommand } from './define-market-command.js';

export const marketTradesCommand = defineAddressCommand({
  name: 'market trades',
  summary: 'the last trades of a pool (24 h, pool provider)',
  argument: 'pool',
  call: (client, { network, address, fresh }) => client.market.trades({ network, pool: address, fresh }),
});
