// pkg token inspect 0x<token>: metadata, holders and transfers.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const tokenInspectCommand = defineDataCommand({
  name: 'token inspect',
  summary: 'a token: metadata, holders and recent transfers, as sections',
  configure: (cmd) => cmd.argument('<token>', '0x-prefixed token address'),
  call: (client, { positionals, fresh }) => client.inspect.token({ token: String(positionals[0]), fresh }),
});
