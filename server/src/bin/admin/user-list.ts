// pkg-admin user list: every user with its creation time and count of active tokens.
import type { Command } from 'commander';
import { listUserSummaries } from '../../services/registry/admin-service.js';
import { withAdminDeps } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';

export function userListCommand(user: Command): void {
  user
    .command('list')
    .description('list users with their number of active tokens')
    .option('--json', 'print JSON')
    .action(async (options: OutputOptions) => {
      const users = await withAdminDeps(({ deps }) => listUserSummaries(deps.registry));
      const width = Math.max(4, ...users.map((u) => u.name.length));
      const lines = users.length
        ? [
            `${'USER'.padEnd(width)}  ${'CREATED'.padEnd(24)}  ACTIVE TOKENS`,
            ...users.map((u) => `${u.name.padEnd(width)}  ${u.createdAt.padEnd(24)}  ${u.activeTokens}`),
          ]
        : ['no users yet; create one with "pkg-admin user create <name>"'];
      print(options, lines, { users });
    });
}
