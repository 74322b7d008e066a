// pkg-admin token rotate <id>: revoke a token and issue its replacement (same user, kind,
// label, namespaces and lifetime); the new value is the last line.
import type { Command } from 'commander';
import { rotateToken } from '../../services/registry/admin-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';
import { tokenLines } from './token-issue.js';
import { assertTokenId } from './token-revoke.js';

export function tokenRotateCommand(token: Command): void {
  token
    .command('rotate')
    .description('revoke a token and issue a replacement; prints the new value as the last line')
    .argument('<id>', 'the token id (tok_…)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: OutputOptions) => {
      assertTokenId(id);
      const rotated = await withAdminDeps(({ deps }) => rotateToken(deps.registry, id));
      const headline = `revoked ${rotated.revoked}; its replacement for ${rotated.token.user}:`;
      print(options, tokenLines(headline, rotated.token), rotated);
    });
}
