// pkg token create: a publish token (needs a managing token); its value is shown once.
import { createTokenInputSchema } from '@pkg/shared';
import * as z from 'zod';
import { defineCommand } from '../lib/command.js';
import { printJson, printLines } from '../lib/output.js';
import { openSession } from '../lib/registry/session.js';
import { callRegistry } from '../lib/registry/trpc-client.js';

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
