// pkg market networks [--page <n>]: the pool provider's networks and their ids (cached 1 h).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const marketNetworksCommand = defineDataCommand({
  name: 'market networks',
  summary: "the pool provider's networks and their ids, for <network> arguments (cached 1 h)",
  configure: (cmd) => cmd.option('--page <n>', 'page of the list (default 1)'),
  call: (client, { options, fresh }) =>
    client.market.networks({ ...(options.page !== undefined ? { page: Number(options.page) } : {}), fresh }),
});
