// Where the store tests connect: an external MongoDB when MONGODB_URI is set, otherwise a fresh
// embedded store in a temporary directory (closed and removed by `close`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedStore } from '../../src/db/embedded/index.js';
import type { EmbeddedStore, EmbeddedStoreOptions } from '../../src/db/embedded/index.js';
import { MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { driverCommands, inProcessCommands, type StoreCommands } from '../../src/db/store-commands.js';

export const EXTERNAL_URI = process.env.MONGODB_URI;
export const usingExternal = Boolean(EXTERNAL_URI);

export interface TestStore {
  uri: string;
  /** the embedded store, when the suite runs against one */
  embedded?: EmbeddedStore;
  dir?: string;
  close(): Promise<void>;
}

export function tempDir(prefix = 'pkg-store-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The data directories and clients a crash test opens: `closeClients()` and `removeDirs()` in its
 * afterAll (clients first, then the stores' processes, then the directories).
 */
export function crashTestResources(prefix?: string) {
  const dirs: string[] = [];
  const clients: MongoClient[] = [];
  return {
    newDir: (): string => {
      const dir = tempDir(prefix);
      dirs.push(dir);
      return dir;
    },
    connect: async (uri: string): Promise<MongoClient> => {
      const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000, retryWrites: false });
      clients.push(client);
      return client;
    },
    closeClients: async (): Promise<void> => {
      await Promise.allSettled(clients.map((c) => c.close(true)));
    },
    removeDirs: (): void => {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A store to test against, plus a database name unique to the calling suite. */
export async function openTestStore(options: Partial<EmbeddedStoreOptions> = {}): Promise<TestStore> {
  if (EXTERNAL_URI) return { uri: EXTERNAL_URI, close: async () => {} };
  const dir = tempDir();
  const embedded = await startEmbeddedStore({ ...options, dir });
  return {
    uri: embedded.uri,
    embedded,
    dir,
    close: async () => {
      await embedded.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database name that will not collide with other suites on a shared external server. */
export function uniqueDbName(label: string): string {
  return `store_test_${label}_${process.pid}_${Date.now().toString(36)}`;
}

/**
 * The store-command paths a test runs through: the driver's, and the in-process one where the
 * embedded store runs in this process. `opened` gives the connection, store and database the
 * test's beforeAll opened.
 */
export function storeCommandPaths(
  opened: () => { conn: Connection; store: TestStore; dbName: string },
): [string, () => StoreCommands][] {
  const inProcess = (): StoreCommands => {
    const { conn, store, dbName } = opened();
    const embedded = store.embedded;
    if (!embedded) throw new Error('no embedded store');
    return inProcessCommands(conn, (command) => embedded.run(dbName, command));
  };
  return [
    ['through the driver', () => driverCommands(opened().conn)],
    ...(usingExternal ? [] : [['in process', inProcess] as [string, () => StoreCommands]]),
  ];
}
