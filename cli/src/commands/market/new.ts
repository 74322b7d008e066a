// pkg market new [--network <id>] [--page <n>]: pools created on a network in the last 48 hours.
import { defineDataCommand } from '../../lib/data/data-command.js';
import { networkOptions, networkPage } from './define-market-command.js';

export const marketNewCommand = defineDataCommand({
  name: 'market new',
  summary: 'pools created on a network in the last 48 hours (pool provider)',
  configure: (cmd) => networkOptions(cmd),
  call: (client, { options, fresh }) => client.market.newPools({ ...networkPage(options), fresh }),
});
