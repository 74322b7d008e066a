// GridFS and cursors through the driver: a 5 MB random file round-trips with the same SHA-256
// and the indexes GridFSBucket expects; 10,000 documents arrive in order over getMore batches
// (counted with command monitoring); killCursors.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GridFSBucket, MongoClient } from 'mongodb';
import type { CommandStartedEvent, Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore, uniqueDbName } from './store-uri.js';
import type { TestStore } from './store-uri.js';

let store: TestStore;
let client: MongoClient;
let db: Db;
const started: CommandStartedEvent[] = [];

beforeAll(async () => {
  store = await openTestStore();
  client = new MongoClient(store.uri, { monitorCommands: true });
  client.on('commandStarted', (event) => started.push(event));
  await client.connect();
  db = client.db(uniqueDbName('gridfs'));
});

afterAll(async () => {
  await db.dropDatabase();
  await client.close();
  await store.close();
});

describe('GridFS', () => {
  it('round-trips a 5 MB random file', async () => {
    const bucket = new GridFSBucket(db, { bucketName: 'blobs' });
    const data = crypto.randomBytes(5 * 1024 * 1024);
    const upload = bucket.openUploadStream('random.bin', { metadata: { kind: 'test' } });
    await pipeline(Readable.from([data.subarray(0, 1_000_000), data.subarray(1_000_000)]), upload);
    const id = upload.id;

    const files = await bucket.find({ filename: 'random.bin' }).toArray();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      length: data.length,
      chunkSize: 255 * 1024,
      metadata: { kind: 'test' },
    });

    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(id)) chunks.push(chunk as Buffer);
    const downloaded = Buffer.concat(chunks);
    const sha = (b: Buffer): string => crypto.createHash('sha256').update(b).digest('hex');
    expect(downloaded.length).toBe(data.length);
    expect(sha(downloaded)).toBe(sha(data));

    const byName: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStreamByName('random.bin')) byName.push(chunk as Buffer);
    expect(sha(Buffer.concat(byName))).toBe(sha(data));

    const chunkIndexes = await db.collection('blobs.chunks').listIndexes().toArray();
    expect(chunkIndexes.find((i) => i.name === 'files_id_1_n_1')).toMatchObject({
      key: { files_id: 1, n: 1 },
      unique: true,
    });
    const fileIndexes = await db.collection('blobs.files').listIndexes().toArray();
    expect(fileIndexes.find((i) => i.name === 'filename_1_uploadDate_1')).toMatchObject({
      key: { filename: 1, uploadDate: 1 },
    });

    await bucket.delete(id);
    expect(await db.collection('blobs.chunks').countDocuments({ files_id: id })).toBe(0);
  });
});

describe('cursors', () => {
  it('delivers 10,000 documents in order over getMore batches', async () => {
    const many = db.collection('many');
    const total = 10_000;
    await many.insertMany(Array.from({ length: total }, (_, i) => ({ i, pad: 'x'.repeat(20) })));
    started.length = 0;
    const seen: number[] = [];
    for await (const doc of many.find({}, { batchSize: 500 }).sort({ i: 1 })) seen.push(doc.i as number);
    expect(seen).toHaveLength(total);
    expect(seen.every((v, idx) => v === idx)).toBe(true);
    const getMores = started.filter((e) => e.commandName === 'getMore');
    // 500 in the first batch, then 19 getMore batches of 500
    expect(getMores).toHaveLength(19);
    expect(started.filter((e) => e.commandName === 'find')).toHaveLength(1);

    started.length = 0;
    const defaults = await many.find({ i: { $lt: 1000 } }).toArray();
    expect(defaults).toHaveLength(1000);
    // default first batch is 101 documents; the driver asks for the rest with getMore
    expect(started.filter((e) => e.commandName === 'getMore').length).toBeGreaterThan(0);

    const agg = await many
      .aggregate([{ $match: { i: { $gte: 9000 } } }, { $sort: { i: -1 } }], { batchSize: 100 })
      .toArray();
    expect(agg.map((d) => d.i)).toEqual(Array.from({ length: 1000 }, (_, k) => 9999 - k));
  });

  it('kills cursors and rejects getMore on a killed cursor', async () => {
    const many = db.collection('many');
    const cursor = many.find({}, { batchSize: 2 });
    await cursor.next();
    const id = cursor.id;
    expect(id?.isZero()).toBe(false);
    await cursor.close();
    await expect(db.command({ getMore: id, collection: 'many' })).rejects.toMatchObject({ code: 43 });
  });
});
