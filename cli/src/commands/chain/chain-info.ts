// pkg chain info: chain facts with the chain id reported live by the serving RPC provider.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const chainInfoCommand = defineDataCommand({
  name: 'chain info',
  summary: 'chain facts: chain id (checked live), native currency, head block, gas price',
  call: (client, { fresh }) => client.chain.info({ fresh }),
});
