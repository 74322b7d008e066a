// pkg-admin token issue <user> [--kind manage|publish] [--label] [--namespaces a,b]
// [--expires-in-days N]: a new token for an existing user; its value is the last line.
import { MAX_TOKEN_DAYS, namespaceSchema, tokenKindSchema, type CreatedToken } from '@pkg/shared';
import type { Command } from 'commander';
import { z } from 'zod';
import { issueUserToken } from '../../services/registry/admin-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { parseOptions, print, type OutputOptions } from './output.js';

const optionsSchema = z.object({
  kind: tokenKindSchema.default('manage'),
  label: z.string().trim().min(1).max(100).optional(),
  namespaces: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(namespaceSchema).min(1, 'list at least one namespace').max(100))
    .optional(),
  expiresInDays: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(MAX_TOKEN_DAYS, `must be at most ${MAX_TOKEN_DAYS}`)
    .optional(),
  json: z.boolean().optional(),
});

/** The readable lines of a new token, its value last. */
export function tokenLines(headline: string, token: CreatedToken & { user: string }): string[] {
  const scope = token.namespaces
    ? `namespaces ${token.namespaces.join(', ')}`
    : 'every namespace of the user';
  return [
    headline,
    `  id:        ${token.id}`,
    `  kind:      ${token.kind}`,
    `  label:     ${token.label ?? '(none)'}`,
    `  scope:     ${scope}`,
    `  expires:   ${token.expiresAt ?? 'never'}`,
    'The value is shown once; store it now:',
    token.token,
  ];
}

export function tokenIssueCommand(token: Command): void {
  token
    .command('issue')
    .description('issue a token to a user; prints the value as the last line')
    .argument('<user>', 'an existing user')
    .option('--kind <kind>', 'manage (default) or publish')
    .option('--label <text>', 'a label to recognise the token by')
    .option('--namespaces <list>', 'comma-separated namespaces the token is limited to')
    .option('--expires-in-days <n>', `days until the token expires (1 to ${MAX_TOKEN_DAYS})`)
    .option('--json', 'print JSON')
    .action(async (user: string, raw: unknown) => {
      const { json, ...input } = parseOptions(optionsSchema, raw);
      const issued = await withAdminDeps(({ deps }) => issueUserToken(deps.registry, user, input));
      print(
        { json } satisfies OutputOptions,
        tokenLines(`issued a ${issued.kind} token to ${issued.user}`, issued),
        issued,
      );
    });
}
