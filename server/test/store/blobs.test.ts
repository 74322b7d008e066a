// Embedded-store internals: large binary values (GridFS chunks, inline artifacts) live in blob
// files, not in the store's memory, journal or snapshot. Checked through the MongoDB driver as a
// user of the store sees it: the bytes read back are the bytes written, across restarts, SIGKILL
// and compaction; a removed document's file is gone once the removal is acknowledged; files no
// document refers to are swept at start; a data directory from before blob files is migrated; a
// damaged blob is reported, never served.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Binary, GridFSBucket, MongoClient, MongoServerError } from 'mongodb';
import { UUID } from 'bson';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedStore } from '../../src/db/embedded/index.js';
import type { EmbeddedStore } from '../../src/db/embedded/index.js';
import { encodeRecord } from '../../src/db/embedded/record-file.js';
import { crash, killChildStores, startChildStore } from './child-store.js';
import type { ChildStore } from './child-store.js';
import { tempDir } from './store-uri.js';

const dirs: string[] = [];
const clients: MongoClient[] = [];
const children: ChildStore[] = [];
const stores: EmbeddedStore[] = [];

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close(true)));
  await Promise.allSettled(stores.map((s) => s.close()));
  await killChildStores(children);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
}

async function open(dir: string): Promise<{ store: EmbeddedStore; client: MongoClient }> {
  const store = await startEmbeddedStore({ dir });
  stores.push(store);
  const client = await MongoClient.connect(store.uri, { serverSelectionTimeoutMS: 5000 });
  clients.push(client);
  return { store, client };
}

async function reopen(store: EmbeddedStore, client: MongoClient) {
  await client.close();
  await store.close();
  return open(store.dir);
}

/** Deterministic bytes for a document, so a read can be checked against what was written. */
function bytesFor(seed: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block.copy(out, offset);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

const blobFiles = (dir: string): string[] => fs.readdirSync(path.join(dir, 'blobs')).sort();
const fileSize = (dir: string, name: string): number => fs.statSync(path.join(dir, name)).size;
const journalBytes = (dir: string): number =>
  fs
    .readdirSync(dir)
    .filter((f) => /^journal-\d+\.log$/.test(f))
    .reduce((n, f) => n + fileSize(dir, f), 0);

interface Doc {
  _id: string;
  data: Binary;
  label?: string;
}

describe('embedded store blob files (embedded store internals: the MongoDB workflow leaves this file out)', () => {
  it('keeps a large binary in a blob file, out of the journal and the snapshot, across restarts', async () => {
    const dir = newDir();
    const { store, client } = await open(dir);
    const docs = client.db('blobs').collection<Doc>('docs');
    const big = bytesFor('big', 1024 * 1024);
    await docs.insertOne({ _id: 'big', data: new Binary(big), label: 'one MiB' });
    await docs.insertOne({ _id: 'small', data: new Binary(Buffer.from('tiny')) });

    // one file holding exactly the value; the journal carries a reference, not the MiB
    const files = blobFiles(dir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, 'blobs', files[0] ?? '')).equals(big)).toBe(true);
    expect(journalBytes(dir)).toBeLessThan(16 * 1024);
    const read = await docs.findOne({ _id: 'big' });
    expect(Buffer.from(read?.data.buffer ?? []).equals(big)).toBe(true);
    expect(read?.label).toBe('one MiB');

    // a clean close compacts into a snapshot that also holds only the reference
    const reopened = await reopen(store, client);
    expect(fileSize(dir, 'snapshot.bson')).toBeLessThan(16 * 1024);
    const again = await reopened.client.db('blobs').collection<Doc>('docs').find().sort({ _id: 1 }).toArray();
    expect(again.map((d) => d._id)).toEqual(['big', 'small']);
    expect(Buffer.from(again[0]?.data.buffer ?? []).equals(big)).toBe(true);
    expect(Buffer.from(again[1]?.data.buffer ?? []).toString()).toBe('tiny');
    expect(blobFiles(dir)).toEqual(files);
  });

  it('stores and serves a 5 MB GridFS file chunk by chunk from blob files', async () => {
    const dir = newDir();
    const { client } = await open(dir);
    const bucket = new GridFSBucket(client.db('blobs'));
    const bytes = bytesFor('gridfs', 5 * 1024 * 1024);
    const upload = bucket.openUploadStream('artifact.tgz');
    await pipeline(Readable.from([bytes]), upload);
    // 255 KiB chunks: 21 of them, each a file
    expect(blobFiles(dir)).toHaveLength(Math.ceil(bytes.length / (255 * 1024)));
    const parts: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(upload.id)) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    // deleting the GridFS file gives up every chunk's blob file
    await bucket.delete(upload.id);
    expect(blobFiles(dir)).toEqual([]);
  });

  it('unlinks the blob of a removed, replaced or dropped document once the write is acknowledged', async () => {
    const dir = newDir();
    const { client } = await open(dir);
    const docs = client.db('blobs').collection<Doc>('docs');
    await docs.insertMany(
      ['a', 'b', 'c'].map((_id) => ({ _id, data: new Binary(bytesFor(_id, 64 * 1024)) })),
    );
    expect(blobFiles(dir)).toHaveLength(3);

    await docs.deleteOne({ _id: 'a' });
    expect(blobFiles(dir)).toHaveLength(2);

    const before = blobFiles(dir);
    const replacement = bytesFor('b2', 100 * 1024);
    await docs.updateOne({ _id: 'b' }, { $set: { data: new Binary(replacement) } });
    const after = blobFiles(dir);
    expect(after).toHaveLength(2);
    expect(after).not.toEqual(before);
    const b = await docs.findOne({ _id: 'b' });
    expect(Buffer.from(b?.data.buffer ?? []).equals(replacement)).toBe(true);
    // an update of another field keeps the value, and leaves no second file behind
    await docs.updateOne({ _id: 'b' }, { $set: { label: 'kept' } });
    const relabelled = await docs.findOne({ _id: 'b' });
    expect(relabelled?.label).toBe('kept');
    expect(Buffer.from(relabelled?.data.buffer ?? []).equals(replacement)).toBe(true);
    expect(blobFiles(dir)).toHaveLength(2);
    const c = await docs.findOne({ _id: 'c' });
    expect(Buffer.from(c?.data.buffer ?? []).equals(bytesFor('c', 64 * 1024))).toBe(true);

    await docs.drop();
    expect(blobFiles(dir)).toEqual([]);
  });

  it('keeps every acknowledged large insert after SIGKILL and sweeps files of unacknowledged ones', async () => {
    const dir = newDir();
    const first = await startChildStore(dir);
    children.push(first);
    const client = await MongoClient.connect(first.uri, {
      serverSelectionTimeoutMS: 5000,
      retryWrites: false,
    });
    clients.push(client);
    const docs = client.db('blobs').collection<Doc>('docs');
    const acked: string[] = [];
    let crashing: Promise<void> | undefined;
    const loop = async (w: number): Promise<void> => {
      for (let n = 0; ; n++) {
        const _id = `w${w}-${n}`;
        try {
          await docs.insertOne({ _id, data: new Binary(bytesFor(_id, 40 * 1024)) });
        } catch (err) {
          if (err instanceof MongoServerError) throw err;
          return; // the server is gone
        }
        acked.push(_id);
        if (acked.length >= 120) crashing ??= crash(first);
      }
    };
    await Promise.all([0, 1, 2, 3].map(loop));
    await crashing;
    // a stray file, as a crash between a blob write and its journal record leaves
    fs.writeFileSync(path.join(dir, 'blobs', 'f'.repeat(32)), 'never committed');

    const second = await startChildStore(dir);
    children.push(second);
    const reader = await MongoClient.connect(second.uri, { serverSelectionTimeoutMS: 5000 });
    clients.push(reader);
    const stored = await reader.db('blobs').collection<Doc>('docs').find().toArray();
    const byId = new Map(stored.map((d) => [d._id, d]));
    const wrong = acked.filter((id) => {
      const doc = byId.get(id);
      return !doc || !Buffer.from(doc.data.buffer).equals(bytesFor(id, 40 * 1024));
    });
    expect(wrong).toEqual([]);
    // exactly one file per stored document: nothing orphaned survived the start
    expect(blobFiles(dir)).toHaveLength(stored.length);
    await crash(second);
  });

  it('moves the large values of a data directory written before blob files out of memory', async () => {
    const dir = newDir();
    const big = bytesFor('legacy', 300 * 1024);
    const create = { o: 'create', d: 'blobs', c: 'docs', options: {}, uuid: new UUID() };
    const put = { o: 'put', d: 'blobs', c: 'docs', doc: { _id: 'legacy', data: new Binary(big), n: 1 } };
    fs.writeFileSync(path.join(dir, 'journal-0.log'), encodeRecord([create, put]));

    const { client } = await open(dir);
    expect(blobFiles(dir)).toHaveLength(1);
    // the migration wrote a snapshot with the reference and dropped the old journal
    expect(fileSize(dir, 'snapshot.bson')).toBeLessThan(16 * 1024);
    expect(journalBytes(dir)).toBe(0);
    const doc = await client.db('blobs').collection<Doc & { n: number }>('docs').findOne({ _id: 'legacy' });
    expect(doc?.n).toBe(1);
    expect(Buffer.from(doc?.data.buffer ?? []).equals(big)).toBe(true);
  });

  it('reports a damaged blob instead of serving wrong bytes, and keeps serving the rest', async () => {
    const dir = newDir();
    const { client } = await open(dir);
    const docs = client.db('blobs').collection<Doc>('docs');
    await docs.insertOne({ _id: 'hurt', data: new Binary(bytesFor('hurt', 32 * 1024)) });
    const [name] = blobFiles(dir);
    const file = path.join(dir, 'blobs', name ?? '');
    const damaged = fs.readFileSync(file);
    damaged[100] = (damaged[100] ?? 0) ^ 0xff;
    fs.writeFileSync(file, damaged);
    await docs.insertOne({ _id: 'fine', data: new Binary(bytesFor('fine', 32 * 1024)) });

    await expect(docs.findOne({ _id: 'hurt' })).rejects.toThrow(/blob \w+ is damaged/);
    const fine = await docs.findOne({ _id: 'fine' });
    expect(Buffer.from(fine?.data.buffer ?? []).equals(bytesFor('fine', 32 * 1024))).toBe(true);
    // a query that does not return the damaged value still works
    expect(await docs.countDocuments()).toBe(2);
    expect(await docs.find({}, { projection: { _id: 1 } }).toArray()).toEqual([
      { _id: 'hurt' },
      { _id: 'fine' },
    ]);
  });
});
