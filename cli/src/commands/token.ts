// pkg token create|list|revoke: manage publish tokens (needs a managing token).
import { createTokenInputSchema } from '@pkg/shared';
import { z } from 'zod';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/session.js';
import { callRegistry } from '../lib/trpc-client.js';

const createOptions = z.object({
  label: z.string().optional(),
  namespaces: z.string().optional(),
  expiresInDays: z.coerce.number().optional(),
});

export const tokenCreateCommand = defineCommand({
  name: 'token create',
  summary: 'create a publish token (its value is shown once)',
  configure: (cmd) =>
    cmd
      .option('--label <text>', 'what the token is for')
      .option('--namespaces <list>', 'comma-separated namespaces it may publish to')
      .option('--expires-in-days <n>', 'days until it expires (at most 365)'),
  async run({ options, globals }) {
    const raw = createOptions.parse(options);
    const input = createTokenInputSchema.parse({
      label: raw.label,
      namespaces: raw.namespaces
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      expiresInDays: raw.expiresInDays,
    });
    const { client, registry } = openSession(globals, { requireToken: true });
    const token = await callRegistry(registry.url, () => client.tokens.create.mutate(input));
    if (globals.json) return printJson(token);
    printLines([
      `created ${token.id} (publish${token.label ? `, "${token.label}"` : ''}; namespaces: ${token.namespaces?.join(', ') ?? 'all yours'}; expires: ${token.expiresAt ?? 'never'})`,
      'the value is shown once, now; store it safely:',
      token.token,
    ]);
  },
});

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
