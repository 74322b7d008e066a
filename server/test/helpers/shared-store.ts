// One store that several in-process apps connect to through MONGODB_URI, as several server
// processes share one MongoDB: an embedded store (which can be stopped under them to test
// outages), or, when MONGODB_URI is set, a fresh database on that MongoDB (dropped at stop).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedStore } from '../../src/db/embedded/index.js';
import { freshDatabase } from './fresh-database.js';

export interface SharedStore {
  /** MongoDB URI of the `pkg` database. */
  uri: string;
  stop(): Promise<void>;
}

export async function startSharedStore(): Promise<SharedStore> {
  if (process.env.MONGODB_URI) {
    const fresh = freshDatabase(process.env.MONGODB_URI);
    return { uri: fresh.uri, stop: () => fresh.drop() };
  }
  return startStoppableStore();
}

/** Always an embedded store, which the test can stop under the apps (outages). */
export async function startStoppableStore(): Promise<SharedStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkg-shared-store-'));
  const store = await startEmbeddedStore({ dir });
  let stopped = false;
  return {
    uri: `${store.uri}pkg`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
