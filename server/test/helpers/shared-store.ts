// One embedded store that several in-process apps connect to through MONGODB_URI, as several
// server processes share one MongoDB; it can be stopped under them to test outages.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedStore } from '../../src/db/embedded/index.js';

export interface SharedStore {
  /** MongoDB URI of the `pkg` database. */
  uri: string;
  stop(): Promise<void>;
}

export async function startSharedStore(): Promise<SharedStore> {
  const external = process.env.MONGODB_URI;
  if (external) return { uri: external, stop: () => Promise.resolve() };
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
