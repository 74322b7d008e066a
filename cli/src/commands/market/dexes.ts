// pkg market dexes [--network <id>] [--page <n>]: the DEXes of a network (pool provider).
import { defineDataCommand } from '../../lib/data/data-command.js';
import { networkOptions, networkPage } from './define-market-command.js';

export const marketDexesCommand = defineDataCommand({
  name: 'market dexes',
  summary: 'the DEXes of a network (pool provider)',
  configure: (cmd) => networkOptions(cmd),
  call: (client, { options, fresh }) => client.market.dexes({ ...networkPage(options), fresh }),
});
