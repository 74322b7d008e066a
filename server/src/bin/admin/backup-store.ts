// A backup directory is an embedded store's data directory: `db backup` copies into the
// embedded store started on it, `db restore` copies from it (from the store a process serves
// from it, when one does, as pkg-admin joins a running server's store).
import { MongoClient, type Db } from 'mongodb';
import { EMBEDDED_DB_NAME } from '../../db/connect.js';
import { readStoreLock, startEmbeddedStore } from '../../db/embedded/index.js';

export interface BackupStore {
  db: Db;
  uri: string;
  close(): Promise<void>;
}

/** Opens the embedded store of `dir` (started here, or joined when a process serves it). */
export async function openBackupStore(dir: string): Promise<BackupStore> {
  const held = await readStoreLock(dir);
  const store = held ? undefined : await startEmbeddedStore({ dir });
  const uri = held ?? store?.uri ?? '';
  let client: MongoClient;
  try {
    client = await MongoClient.connect(`${uri}${EMBEDDED_DB_NAME}`, { serverSelectionTimeoutMS: 10_000 });
  } catch (error) {
    await store?.close();
    throw error;
  }
  return {
    db: client.db(EMBEDDED_DB_NAME),
    uri,
    async close() {
      await client.close();
      await store?.close();
    },
  };
}
