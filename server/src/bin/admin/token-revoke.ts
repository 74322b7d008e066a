// pkg-admin token revoke <id>: revoke any user's token; later use of it is 401.
import { TOKEN_ID_PATTERN } from '@pkg/shared';
import type { Command } from 'commander';
import { revokeToken } from '../../services/registry/token-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { badInput, print, type OutputOptions } from './output.js';

export function assertTokenId(id: string): void {
  if (!TOKEN_ID_PATTERN.test(id))
    throw badInput(`"${id}" is not a token id; a token id looks like tok_ followed by 16 letters or digits.`);
}

export function tokenRevokeCommand(token: Command): void {
  token
    .command('revoke')
    .description('revoke a token by its id')
    .argument('<id>', 'the token id (tok_…)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: OutputOptions) => {
      assertTokenId(id);
      const revoked = await withAdminDeps(({ deps }) => revokeToken(deps.registry, undefined, id));
      print(options, `revoked ${revoked.kind} token ${revoked.id} of ${revoked.user}`, revoked);
    });
}
