// Artifact reads: GridFS chunks fetched a few at a time and checked, recently read artifacts
// served from memory, and only bytes that hash to the recorded integrity ever cached.
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
  return server.deps.artifacts.put(bytes, { filename: 'a.tar.gz', integrity, mediaType: 'application/gzip' });
}

async function read(fileId: Types.ObjectId): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of server.deps.artifacts.open(fileId)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

const chunks = () =>
  server.deps.db.collection<{ files_id: Types.ObjectId; n: number; data: unknown }>('artifacts.chunks');

describe('artifact reads', () => {
  test('return the stored bytes, first from GridFS and then from memory', async () => {
    const bytes = randomBytes(1_300_000);
    const id = await store(bytes);
    expect((await read(id)).equals(bytes)).toBe(true);
    // served from memory now: the chunks are no longer needed
    const saved = await chunks().find({ files_id: id }).toArray();
    await chunks().deleteMany({ files_id: id });
    expect((await read(id)).equals(bytes)).toBe(true);
    await chunks().insertMany(saved);
  });

  test('a chunk of the wrong size or a missing chunk fails the stream', async () => {
    const id = await store(randomBytes(700_000));
    await chunks().updateOne({ files_id: id, n: 1 }, { $set: { data: Buffer.alloc(10) } });
    await expect(read(id)).rejects.toThrow(/ChunkIsWrongSize/);
    await chunks().deleteOne({ files_id: id, n: 1 });
    await expect(read(id)).rejects.toThrow(/ChunkIsMissing/);
    await server.deps.artifacts.remove(id);
    await expect(read(id)).rejects.toThrow(/FileNotFound/);
  });

  test('bytes that do not hash to the recorded integrity are served as stored but never cached', async () => {
    const bytes = randomBytes(600_000);
    const id = await store(bytes);
    const original = await chunks().findOne({ files_id: id, n: 0 });
    await chunks().updateOne({ files_id: id, n: 0 }, { $set: { data: randomBytes(255 * 1024) } });
    expect((await read(id)).equals(bytes)).toBe(false);
    await chunks().updateOne({ files_id: id, n: 0 }, { $set: { data: original?.data } });
    expect((await read(id)).equals(bytes)).toBe(true);
  });

  test('a reader that stops early leaves nothing cached, and the next read is whole', async () => {
    const bytes = randomBytes(900_000);
    const id = await store(bytes);
    const stream = server.deps.artifacts.open(id);
    for await (const chunk of stream) {
      expect((chunk as Buffer).byteLength).toBeGreaterThan(0);
      break;
    }
    expect((await read(id)).equals(bytes)).toBe(true);
    expect((await read(id)).equals(bytes)).toBe(true);
  });
});
