// pkg security token 0x<address>: a token's security flags on the chain: honeypot, taxes, owner powers, holders (security-flag provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const securityTokenCommand = defineDataCommand({
  name: 'security token',
  summary: "a token's security flags on the chain: honeypot, taxes, owner powers, holders",
  configure: (cmd) => cmd.argument('<address>', '0x-prefixed address'),
  call: (client, { positionals, fresh }) => client.security.token({ address: String(positionals[0]), fresh }),
});
