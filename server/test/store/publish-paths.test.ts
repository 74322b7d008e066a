// A publish stores the same documents whichever path its store operations take
// (docs/performance.md, "Publish, third pass: the store path"): a server on the embedded store it
// started (in process) and a server reaching an embedded store through MONGODB_URI (the driver)
// publish the same archives with the same key and clock, and every collection a publish writes
// holds the same documents, byte for byte as BSON, once the ids the store makes up are set aside.
// Embedded store only (vitest.mongodb.config.ts leaves it out): the in-process path needs it.
import { generateSigningKey } from '@pkg/shared';
import type { Document } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { openTestStore, type TestStore } from './store-uri.js';

const PUBLISHED = [
  'versions',
  'log_entries',
  'artifacts.files',
  'artifacts.chunks',
  'packages',
  'namespaces',
];
const at = new Date('2026-03-04T05:06:07Z');
const key = generateSigningKey();
const { serialize } = mongoose.mongo.BSON;

let inProcess: TestServer;
let throughDriver: TestServer;
let driverStore: TestStore;

beforeAll(async () => {
  const env = { PKG_SIGNING_KEY: key.pem, PKG_RATE_LIMIT_PUBLISH: '0' };
  driverStore = await openTestStore();
  inProcess = await startTestServer({ env, clock: () => at });
  throughDriver = await startTestServer({ env, clock: () => at, mongodbUri: `${driverStore.uri}pkg` });
});

afterAll(async () => {
  await inProcess?.close();
  await throughDriver?.close();
  await driverStore?.close();
});

/** The value with what differs by design replaced: the ids the store makes up, the upload date of an artifact (the artifact store's own clock). */
function comparable(value: unknown, key = ''): unknown {
  if (value instanceof mongoose.mongo.ObjectId) return 'an ObjectId';
  if (key === 'uploadDate' && value instanceof Date) return 'a Date';
  if (Array.isArray(value)) return value.map((v) => comparable(v));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, k)]));
  return value;
}

async function stored(server: TestServer, collection: string): Promise<Document[]> {
  const db = server.deps.db.db;
  if (!db) throw new Error('the connection is not open');
  const docs = await db.collection(collection).find({}).toArray();
  return docs
    .map((doc) => comparable(doc) as Document)
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('a publish on either store path', () => {
  test('the server on its own embedded store takes the in-process path; through MONGODB_URI, the driver', () => {
    expect(inProcess.deps.commands.path).toBe('in-process');
    expect(throughDriver.deps.commands.path).toBe('driver');
  });

  test('stores the same documents in every collection it writes', async () => {
    const archives = await Promise.all(
      ['1.0.0', '1.1.0', '2.0.0-beta.1'].map((version) =>
        buildPackage({ namespace: 'paths', name: 'tool', version }),
      ),
    );
    for (const server of [inProcess, throughDriver]) {
      const { token } = await createUser(server.deps.registry, 'paths');
      for (const archive of archives) {
        const res = await publishArchive(server.url, token.token, archive.bytes);
        expect(res.status).toBe(201);
      }
      // a version published already is refused on either path
      const again = await publishArchive(server.url, token.token, archives[0]?.bytes ?? new Uint8Array());
      expect(again.status).toBe(409);
    }
    for (const collection of PUBLISHED) {
      const [a, b] = await Promise.all([stored(inProcess, collection), stored(throughDriver, collection)]);
      expect(a.length, collection).toBeGreaterThan(0);
      expect(a, collection).toEqual(b);
      expect(
        Buffer.from(serialize({ docs: a })).equals(Buffer.from(serialize({ docs: b }))),
        collection,
      ).toBe(true);
    }
  });
});
