// A test server holding what a registry holds, for the copy, backup and restore tests: users,
// a publish token, a reserved namespace, packages in several versions (one artifact of several
// GridFS chunks), and a collection of values of every numeric BSON type under a unique partial
// index. Also: empty second stores to copy into, and a connection to any store by URI.
import { randomBytes } from 'node:crypto';
import { Binary, Decimal128, Double, Int32, Long, MongoClient, type Db } from 'mongodb';
import { issueUserToken, reserveNamespace } from '../../src/services/registry/admin-service.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startSharedStore, type SharedStore } from '../helpers/shared-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

export const PACKAGES = [
  ['alice', 'weather', '1.0.0'],
  ['alice', 'weather', '1.1.0'],
  ['alice', 'weather', '2.0.0'],
  ['alice', 'big', '1.0.0'],
  ['bob', 'notes', '0.1.0'],
  ['bob', 'notes', '0.2.0'],
] as const;

export interface Connected {
  db: Db;
  close(): Promise<void>;
}

export async function connect(uri: string): Promise<Connected> {
  const client = await MongoClient.connect(uri);
  return { db: client.db(), close: () => client.close() };
}

export interface PublishedServer {
  source: TestServer;
  sourceDb: Db;
  /** Each user's managing token. */
  tokens: Record<string, string>;
}

export async function startPublishedServer(): Promise<PublishedServer> {
  const source = await startTestServer();
  if (!source.deps.db.db) throw new Error('no database');
  const sourceDb = source.deps.db.db;
  const tokens: Record<string, string> = {};
  for (const user of ['alice', 'bob'])
    tokens[user] = (await createUser(source.deps.registry, user)).token.token;
  await issueUserToken(source.deps.registry, 'alice', {
    kind: 'publish',
    namespaces: ['alice'],
    label: 'ci',
  });
  await reserveNamespace(source.deps.registry, 'vendor');
  for (const [namespace, name, version] of PACKAGES) {
    // 700 kB of random bytes: an artifact of three GridFS chunks
    const files: Record<string, Uint8Array> =
      name === 'big' ? { 'assets/noise.bin': randomBytes(700 * 1024) } : {};
    const pack = await buildPackage({ namespace, name, version, files });
    const res = await publishArchive(source.url, tokens[namespace], pack.bytes);
    if (res.status !== 201)
      throw new Error(`publish of @${namespace}/${name}@${version}: ${res.status} ${await res.text()}`);
  }
  // values of every numeric BSON type, and a unique partial index, in a collection of its own
  const extras = sourceDb.collection('extras');
  await extras.createIndex(
    { key: 1, at: -1 },
    { name: 'key_partial', unique: true, partialFilterExpression: { key: { $exists: true } } },
  );
  await extras.insertMany([
    {
      key: 'a',
      at: new Date(0),
      int: new Int32(7),
      small: Long.fromNumber(5),
      long: Long.fromString('9007199254740993'),
    },
    { key: 'b', double: new Double(2), decimal: Decimal128.fromString('0.1'), pattern: /x+/i },
    { nested: { list: [new Int32(1), new Double(1), 'one'], bytes: new Binary(Buffer.from('bin'), 5) } },
  ]);
  await source.deps.limiter.flush();
  return { source, sourceDb, tokens };
}

/** An empty store to copy into (embedded, or a fresh database on MONGODB_URI), connected. */
export async function emptyStore(): Promise<SharedStore & Connected> {
  const store = await startSharedStore();
  const connected = await connect(store.uri);
  return {
    ...store,
    ...connected,
    close: async () => {
      await connected.close();
      await store.stop();
    },
  };
}
