// pkg contract inspect 0x<address>: bytecode, explorer record and verified source.
import { defineDataCommand } from '../../lib/data/data-command.js';

export const contractInspectCommand = defineDataCommand({
  name: 'contract inspect',
  summary: 'a contract: bytecode, explorer record and verified source and ABI, as sections',
  configure: (cmd) => cmd.argument('<address>', '0x-prefixed contract address'),
  call: (client, { positionals, fresh }) =>
    client.inspect.contract({ address: String(positionals[0]), fresh }),
});
