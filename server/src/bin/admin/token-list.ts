// pkg-admin token list <user>: a user's tokens (ids, kinds, scopes, states), never their values.
import type { Command } from 'commander';
import { listUserTokens } from '../../services/registry/admin-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';

export function tokenListCommand(token: Command): void {
  token
    .command('list')
    .description("list a user's tokens (never their values)")
    .argument('<user>', 'an existing user')
    .option('--json', 'print JSON')
    .action(async (user: string, options: OutputOptions) => {
      const tokens = await withAdminDeps(({ deps }) => listUserTokens(deps.registry, user));
      const state = (t: (typeof tokens)[number]) =>
        t.revokedAt ? `revoked ${t.revokedAt}` : t.expiresAt ? `expires ${t.expiresAt}` : 'active';
      const lines = tokens.length
        ? tokens.map((t) => `${t.id}  ${t.kind.padEnd(7)}  ${state(t)}  ${t.label ?? ''}`.trimEnd())
        : [`${user} has no tokens`];
      print(options, lines, { user, tokens });
    });
}
