// pkg-admin user create <name>: a new user and its first managing token. The token value is
// printed once, as the last line of stdout (scripts take it with `tail -1`).
import type { Command } from 'commander';
import { createUser } from '../../services/registry/user-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';

export function userCreateCommand(user: Command): void {
  user
    .command('create')
    .description('create a user; prints its new managing token as the last line')
    .argument('<name>', 'user name: 1 to 39 lowercase letters, digits or hyphens')
    .option('--json', 'print JSON')
    .action(async (name: string, options: OutputOptions) => {
      const created = await withAdminDeps(({ deps }) => createUser(deps.registry, name));
      print(
        options,
        [
          `created user ${created.user}`,
          `managing token ${created.token.id}; its value is shown once, store it now:`,
          created.token.token,
        ],
        created,
      );
    });
}
