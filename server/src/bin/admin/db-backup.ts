// pkg-admin db backup <dir>: copies the store in use (running or not) into a new embedded
// store data directory and verifies it. The backup can be served as it is (PKG_DATA_DIR=<dir>)
// or copied back with `db restore <dir>` (docs/operator.md, "Backups"). A directory that
// already holds files is refused; a backup that fails is removed.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { openBackupStore } from './backup-store.js';
import { runCopy, storeLabel } from './copy-report.js';
import { withAdminStore } from './open-admin-deps.js';
import { badInput, type OutputOptions } from './output.js';

function checkNewDirectory(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw badInput(`${dir} is not a directory.`);
  if (readdirSync(dir).length > 0) {
    throw badInput(`${dir} already holds files; a backup goes into a new or empty directory.`);
  }
}

export function dbBackupCommand(parent: Command): void {
  parent
    .command('backup')
    .description(
      'copy the store in use into a new directory (an embedded store data directory) and verify it',
    )
    .argument('<dir>', 'a new or empty directory')
    .option('--json', 'print JSON')
    .action(async (dirArg: string, options: OutputOptions) => {
      const dir = path.resolve(dirArg);
      checkNewDirectory(dir);
      const created = !existsSync(dir);
      await withAdminStore(async ({ connection, store }) => {
        if (!connection.db) throw new Error('the database connection is not open');
        if (store.dataDir === dir) throw badInput(`${dir} is the store in use; back it up elsewhere.`);
        const backup = await openBackupStore(dir);
        try {
          await runCopy(
            {
              source: connection.db,
              target: backup.db,
              from: storeLabel(store),
              to: dir,
              replace: false,
            },
            options,
          );
          await backup.close();
        } catch (error) {
          await backup.close().catch(() => undefined);
          for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
          if (created) rmSync(dir, { recursive: true, force: true });
          throw error;
        }
      });
    });
}
