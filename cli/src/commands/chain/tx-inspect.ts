// pkg tx inspect 0x<hash>: transaction, receipt, call trace and the explorer view, as sections.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const txInspectCommand = defineDataCommand({
  name: 'tx inspect',
  summary: 'a transaction: receipt, call trace and explorer view, each with its own status',
  help: 'Example:\n  pkg tx inspect 0x9ab4...7c --json',
  configure: (cmd) => cmd.argument('<hash>', '0x-prefixed transaction hash'),
  call: (client, { positionals, fresh }) =>
    client.inspect.transaction({ hash: String(positionals[0]), fresh }),
});
