// pkg token revoke <id>: revoke a token by its id (needs a managing token).
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

export const tokenRevokeCommand = defineCommand({
  name: 'token revoke',
  summary: 'revoke a token by its id',
  configure: (cmd) => cmd.argument('<id>', 'the token id (tok_…), from pkg token list'),
  async run({ positionals, globals }) {
    const id = String(positionals[0]);
    const { client, registry } = openSession(globals, { requireToken: true });
    const result = await callRegistry(registry.url, () => client.tokens.revoke.mutate({ id }));
    if (globals.json) return printJson(result);
    printLines([`revoked ${result.id} at ${result.revokedAt}`]);
  },
});
