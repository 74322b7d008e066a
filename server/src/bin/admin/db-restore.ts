// pkg-admin db restore <dir> [--replace]: copies a backup (`db backup`) into the store in use
// and verifies it. The store in use must hold no documents unless --replace; an embedded
// store a running server holds is refused (stop the server first: docs/operator.md, "Backups").
import path from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { holdsStoreData } from '../../db/embedded/index.js';
import { openBackupStore } from './backup-store.js';
import { runCopy, storeLabel } from './copy-report.js';
import { withAdminStore } from './open-admin-deps.js';
import { badInput, parseOptions } from './output.js';

const optionsSchema = z.object({ replace: z.boolean().default(false), json: z.boolean().optional() });

export function dbRestoreCommand(parent: Command): void {
  parent
    .command('restore')
    .description('copy a backup directory into the store in use and verify it')
    .argument('<dir>', 'a directory written by db backup')
    .option(
      '--replace',
      "drop the store's collections first instead of refusing a store that holds documents",
    )
    .option('--json', 'print JSON')
    .action(async (dirArg: string, raw: unknown) => {
      const options = parseOptions(optionsSchema, raw);
      const dir = path.resolve(dirArg);
      if (!holdsStoreData(dir)) throw badInput(`${dir} holds no backup (no store snapshot or journal).`);
      await withAdminStore(async ({ connection, store }) => {
        if (!connection.db) throw new Error('the database connection is not open');
        if (store.running === 'server') {
          throw badInput(`A server is running on ${store.dataDir ?? 'the store'}; stop it, then restore.`);
        }
        if (store.dataDir === dir) throw badInput(`${dir} is the store in use, not a backup of it.`);
        const backup = await openBackupStore(dir);
        try {
          await runCopy(
            {
              source: backup.db,
              target: connection.db,
              from: dir,
              to: storeLabel(store),
              replace: options.replace,
            },
            options,
          );
        } finally {
          await backup.close();
        }
      });
    });
}
