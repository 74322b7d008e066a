// Benchmark of the embedded store (`npx vitest bench --run`): acknowledged (fsynced) inserts per
// second and finds by a unique key per second, through the mongodb driver and through mongoose,
// plus concurrent inserts that share group-committed fsyncs. Each case runs about 2 seconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, bench, describe } from 'vitest';
import { startEmbeddedStore } from './index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pkg-store-bench-'));
const store = await startEmbeddedStore({ dir });
const client = await MongoClient.connect(store.uri, { maxPoolSize: 32 });
const conn = await mongoose.createConnection(store.uri, { dbName: 'bench' }).asPromise();

interface Item {
  key: string;
  n: number;
  name: string;
}
const coll = client.db('bench').collection<Item>('driver_items');
await coll.createIndex({ key: 1 }, { unique: true });
const Item = conn.model<Item>(
  'Item',
  new mongoose.Schema<Item>({ key: { type: String, unique: true }, n: Number, name: String }),
  'mongoose_items',
);
await Item.init();

const SEEDED = 10_000;
await coll.insertMany(Array.from({ length: SEEDED }, (_, n) => ({ key: `seed-${n}`, n, name: `item ${n}` })));
await Item.insertMany(Array.from({ length: SEEDED }, (_, n) => ({ key: `seed-${n}`, n, name: `item ${n}` })));

let counter = 0;
const nextKey = (prefix: string): string => `${prefix}-${counter++}`;
const randomSeed = (): string => `seed-${Math.floor(Math.random() * SEEDED)}`;
const options = { time: 2000, warmupTime: 200 };

afterAll(async () => {
  await conn.close();
  await client.close();
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('inserts (acknowledged after fsync)', () => {
  bench(
    'driver insertOne',
    async () => {
      await coll.insertOne({ key: nextKey('d'), n: counter, name: 'driver' });
    },
    options,
  );

  bench(
    'mongoose Model.create',
    async () => {
      await Item.create({ key: nextKey('m'), n: counter, name: 'mongoose' });
    },
    options,
  );

  bench(
    'driver insertOne x16 concurrent (group commit; 16 docs per iteration)',
    async () => {
      await Promise.all(
        Array.from({ length: 16 }, () =>
          coll.insertOne({ key: nextKey('c'), n: counter, name: 'concurrent' }),
        ),
      );
    },
    options,
  );
});

describe('find by unique key', () => {
  bench(
    'driver findOne({ key })',
    async () => {
      await coll.findOne({ key: randomSeed() });
    },
    options,
  );

  bench(
    'mongoose findOne({ key }).lean()',
    async () => {
      await Item.findOne({ key: randomSeed() }).lean();
    },
    options,
  );

  bench(
    'mongoose findOne({ key }) hydrated',
    async () => {
      await Item.findOne({ key: randomSeed() });
    },
    options,
  );
});
