// pkg security approvals 0x<address>: the security of a spender contract that holds approvals (security-flag provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const securityApprovalsCommand = defineDataCommand({
  name: 'security approvals',
  summary: 'the security of a spender contract that holds approvals',
  configure: (cmd) => cmd.argument('<address>', '0x-prefixed address'),
  call: (client, { positionals, fresh }) =>
    client.security.approvals({ address: String(positionals[0]), fresh }),
});
