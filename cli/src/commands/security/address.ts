// pkg security address 0x<address>: whether an address is flagged: phishing, sanctions, mixers, scams (security-flag provider).
import { defineDataCommand } from '../../lib/data/data-command.js';

export const securityAddressCommand = defineDataCommand({
  name: 'security address',
  summary: 'whether an address is flagged: phishing, sanctions, mixers, scams',
  configure: (cmd) => cmd.argument('<address>', '0x-prefixed address'),
  call: (client, { positionals, fresh }) =>
    client.security.address({ address: String(positionals[0]), fresh }),
});
