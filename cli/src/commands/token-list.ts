// pkg token list: your tokens, never their values (needs a managing token).
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

export const tokenListCommand = defineCommand({
  name: 'token list',
  summary: 'list your tokens (never their values)',
  async run({ globals }) {
    const { client, registry } = openSession(globals, { requireToken: true });
    const { tokens } = await callRegistry(registry.url, () => client.tokens.list.query());
    if (globals.json) return printJson({ tokens });
    printLines(
      tokens.map(
        (t) =>
          `${t.id}  ${t.kind.padEnd(7)} ${(t.label ?? '').padEnd(20)} namespaces: ${t.namespaces?.join(',') ?? 'all'}  expires: ${t.expiresAt ?? 'never'}  last used: ${t.lastUsedAt ?? 'never'}`,
      ),
    );
  },
});
