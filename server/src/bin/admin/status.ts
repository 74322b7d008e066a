// pkg-admin status: which store, its URI (redacted) and the document count of each collection.
// With MONGODB_URI it connects there; otherwise to the embedded store a running server holds
// (its lock file names the URI), or it opens the data directory itself for the moment.
import path from 'node:path';
import type { Command } from 'commander';
import { MongoClient } from 'mongodb';
import { loadConfig } from '../../config.js';
import { readStoreLock, startEmbeddedStore } from '../../db/embedded/index.js';
import { EMBEDDED_DB_NAME } from '../../db/connect.js';
import { redactUri } from '../../db/redact-uri.js';

interface Status {
  store: 'mongodb' | 'embedded';
  uri: string;
  running: 'server' | 'this command' | 'external';
  dataDir?: string;
  database: string;
  collections: Record<string, number>;
}

async function countAll(uri: string, database: string): Promise<Record<string, number>> {
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    const db = client.db(database);
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
    const counts: Record<string, number> = {};
    for (const name of names) counts[name] = await db.collection(name).countDocuments();
    return counts;
  } finally {
    await client.close();
  }
}

export async function readStatus(): Promise<Status> {
  const config = loadConfig();
  if (config.MONGODB_URI) {
    const database =
      new URL(config.MONGODB_URI.replace(/^mongodb\+srv:/, 'mongodb:')).pathname.slice(1) || 'test';
    return {
      store: 'mongodb',
      uri: redactUri(config.MONGODB_URI),
      running: 'external',
      database,
      collections: await countAll(config.MONGODB_URI, database),
    };
  }
  const dir = path.resolve(config.PKG_DATA_DIR);
  const held = readStoreLock(dir);
  if (held) {
    return {
      store: 'embedded',
      uri: held,
      running: 'server',
      dataDir: dir,
      database: EMBEDDED_DB_NAME,
      collections: await countAll(held, EMBEDDED_DB_NAME),
    };
  }
  const store = await startEmbeddedStore({ dir });
  try {
    return {
      store: 'embedded',
      uri: store.uri,
      running: 'this command',
      dataDir: dir,
      database: EMBEDDED_DB_NAME,
      collections: await countAll(store.uri, EMBEDDED_DB_NAME),
    };
  } finally {
    await store.close();
  }
}

export function statusCommand(program: Command): void {
  program
    .command('status')
    .description('show the store kind, its URI (credentials redacted) and collection counts')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const status = await readStatus();
      if (options.json) {
        process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
        return;
      }
      const lines = [
        `store:       ${status.store}${status.dataDir ? ` (${status.dataDir})` : ''}`,
        `uri:         ${status.uri}`,
        `held by:     ${status.running}`,
        `database:    ${status.database}`,
        'collections:',
        ...Object.entries(status.collections).map(([name, n]) => `  ${name.padEnd(24)} ${n}`),
      ];
      if (Object.keys(status.collections).length === 0) lines.push('  (none yet)');
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
