// pkg market search <query> [--network <id>]: pairs matching a symbol, name or address.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketSearchCommand = defineDataCommand({
  name: 'market search',
  summary: 'pairs matching a symbol, name or address (pair provider)',
  configure: (cmd) =>
    cmd
      .argument('<query>', 'symbol, name or address')
      .option('--network <id>', 'only pairs on this network (default: every network)'),
  call: (client, { positionals, options, fresh }) =>
    client.market.search({
      query: String(positionals[0]),
      ...(typeof options.network === 'string' ? { network: options.network } : {}),
      fresh,
    }),
});
