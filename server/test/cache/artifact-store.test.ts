// Artifact reads: GridFS chunks fetched a few at a time and checked; a verified copy of each
// artifact on the server's disk, written at publish or by the first download from GridFS, serves
// later reads; bytes that do not hash to the recorded integrity are never copied.
import { existsSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createIntegrityHasher } from '@pkg/shared';
import type { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function store(bytes: Buffer): Promise<Types.ObjectId> {
  const hasher = createIntegrityHasher();
  hasher.update(bytes);
  const { integrity } = hasher.digest();
  const file = { filename: 'a.tar.gz', integrity, mediaType: 'application/gzip' };
  const { id, verified } = await server.deps.artifacts.write(bytes, file);
  await verified;
  return id;
}

async function read(fileId: Types.ObjectId): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of await server.deps.artifacts.open(fileId)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

const copyDir = () => path.join(server.deps.config.PKG_DATA_DIR, 'artifact-cache');
const copyOf = (id: Types.ObjectId) => path.join(copyDir(), id.toHexString());
const temporaryFiles = () => readdirSync(copyDir()).filter((name) => name.endsWith('.tmp'));

const chunks = () =>
  server.deps.db.collection<{ files_id: Types.ObjectId; n: number; data: unknown }>('artifacts.chunks');

describe('artifact reads', () => {
  test('a publish leaves a copy on disk that serves reads without GridFS', async () => {
    const bytes = randomBytes(1_300_000);
    const id = await store(bytes);
    expect(existsSync(copyOf(id))).toBe(true);
    const saved = await chunks().find({ files_id: id }).toArray();
    await chunks().deleteMany({ files_id: id });
    expect((await read(id)).equals(bytes)).toBe(true);
    await chunks().insertMany(saved);
  });

  test('without a copy, the first read streams from GridFS and writes one', async () => {
    const bytes = randomBytes(1_100_000);
    const id = await store(bytes);
    rmSync(copyOf(id));
    expect((await read(id)).equals(bytes)).toBe(true);
    expect(existsSync(copyOf(id))).toBe(true);
    await chunks().deleteMany({ files_id: id });
    expect((await read(id)).equals(bytes)).toBe(true);
  });

  test('a copy of the wrong size is ignored and the bytes come from GridFS', async () => {
    const bytes = randomBytes(800_000);
    const id = await store(bytes);
    truncateSync(copyOf(id), 1000);
    expect((await read(id)).equals(bytes)).toBe(true);
  });

  test('a chunk of the wrong size or a missing chunk fails the stream', async () => {
    const id = await store(randomBytes(700_000));
    rmSync(copyOf(id));
    await chunks().updateOne({ files_id: id, n: 1 }, { $set: { data: Buffer.alloc(10) } });
    await expect(read(id)).rejects.toThrow(/ChunkIsWrongSize/);
    await chunks().deleteOne({ files_id: id, n: 1 });
    await expect(read(id)).rejects.toThrow(/ChunkIsMissing/);
    await server.deps.artifacts.remove(id);
    await expect(read(id)).rejects.toThrow(/FileNotFound/);
    expect(existsSync(copyOf(id))).toBe(false);
    expect(temporaryFiles()).toEqual([]);
  });

  test('bytes that do not hash to the recorded integrity are served as stored but never copied', async () => {
    const bytes = randomBytes(600_000);
    const id = await store(bytes);
    rmSync(copyOf(id));
    const original = await chunks().findOne({ files_id: id, n: 0 });
    await chunks().updateOne({ files_id: id, n: 0 }, { $set: { data: randomBytes(255 * 1024) } });
    expect((await read(id)).equals(bytes)).toBe(false);
    expect(existsSync(copyOf(id))).toBe(false);
    expect(temporaryFiles()).toEqual([]);
    await chunks().updateOne({ files_id: id, n: 0 }, { $set: { data: original?.data } });
    expect((await read(id)).equals(bytes)).toBe(true);
    expect(existsSync(copyOf(id))).toBe(true);
  });

  test('a reader that stops early leaves no copy, and the next read is whole', async () => {
    const bytes = randomBytes(900_000);
    const id = await store(bytes);
    rmSync(copyOf(id));
    const stream = await server.deps.artifacts.open(id);
    for await (const chunk of stream) {
      expect((chunk as Buffer).byteLength).toBeGreaterThan(0);
      break;
    }
    expect((await read(id)).equals(bytes)).toBe(true);
    expect((await read(id)).equals(bytes)).toBe(true);
  });
});
