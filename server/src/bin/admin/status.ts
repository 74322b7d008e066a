// pkg-admin status: which store, its URI (redacted) and the document count of each collection.
// With MONGODB_URI it connects there; otherwise to the embedded store a running server holds
// (its lock file names the URI), or it opens the data directory itself for the moment.
import type { Command } from 'commander';
import type { Connection } from 'mongoose';
import { withAdminDeps, type AdminStore } from './open-admin-deps.js';
import { print, type OutputOptions } from './output.js';

interface Status {
  store: AdminStore['kind'];
  uri: string;
  running: AdminStore['running'];
  dataDir?: string;
  database: string;
  collections: Record<string, number>;
}

async function countAll(connection: Connection): Promise<Record<string, number>> {
  const db = connection.db;
  if (!db) throw new Error('the database connection is not open');
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = await db.collection(name).countDocuments();
  return counts;
}

export async function readStatus(): Promise<Status> {
  return withAdminDeps(async ({ deps, store: { kind, ...store } }) => ({
    store: kind,
    ...store,
    collections: await countAll(deps.db),
  }));
}

export function statusCommand(program: Command): void {
  program
    .command('status')
    .description('show the store kind, its URI (credentials redacted) and collection counts')
    .option('--json', 'print JSON')
    .action(async (options: OutputOptions) => {
      const status = await readStatus();
      const lines = [
        `store:       ${status.store}${status.dataDir ? ` (${status.dataDir})` : ''}`,
        `uri:         ${status.uri}`,
        `held by:     ${status.running}`,
        `database:    ${status.database}`,
        'collections:',
        ...Object.entries(status.collections).map(([name, n]) => `  ${name.padEnd(24)} ${n}`),
      ];
      if (Object.keys(status.collections).length === 0) lines.push('  (none yet)');
      print(options, lines, status);
    });
}
