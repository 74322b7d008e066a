// Embedded-store internals: acknowledged writes survive SIGKILL (with and without compaction),
// a torn or corrupt journal tail is ignored on recovery, compaction runs in the background (reads
// are answered while the snapshot is written) and a crash during it loses nothing, TTL expiry
// with a short sweep interval, and the refusal of transactions on this standalone server. The
// data-directory lock has its own tests (lock.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { Long, MongoClient } from 'mongodb';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { UUID } from 'bson';
import { readStoreLock, startEmbeddedStore } from '../../src/db/embedded/index.js';
import { encodeRecord } from '../../src/db/embedded/record-file.js';
import { crash, killChildStores, startChildStore } from './child-store.js';
import type { ChildStore } from './child-store.js';
import { crashTestResources } from './store-uri.js';
import { storedIds as idsIn, writeThenCrash as writeThenCrashFrom } from './write-then-crash.js';

const { newDir, connect, closeClients, removeDirs } = crashTestResources();
const children: ChildStore[] = [];

afterAll(async () => {
  await closeClients();
  await killChildStores(children);
  removeDirs();
});

async function writeThenCrash(store: ChildStore, target: number, workers = 4): Promise<string[]> {
  return writeThenCrashFrom(await connect(store.uri), () => crash(store), target, workers);
}

async function storedIds(uri: string): Promise<Set<string>> {
  return idsIn(await connect(uri));
}

function journalFile(dir: string): string {
  const name = fs.readdirSync(dir).find((f) => /^journal-\d+\.log$/.test(f));
  if (!name) throw new Error(`no journal in ${dir}`);
  return path.join(dir, name);
}

describe('embedded store durability (embedded store internals: the MongoDB workflow leaves this file out)', () => {
  it('keeps every acknowledged insert after SIGKILL', async () => {
    const dir = newDir();
    const first = await startChildStore(dir);
    children.push(first);
    const acked = await writeThenCrash(first, 400);
    expect(acked.length).toBeGreaterThanOrEqual(400);

    const second = await startChildStore(dir);
    children.push(second);
    const ids = await storedIds(second.uri);
    const missing = acked.filter((id) => !ids.has(id));
    expect(missing).toEqual([]);
    // the restarted child took over the stale lock of the crashed one
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'store.lock'), 'utf8')) as {
      pid: number;
      uri: string;
    };
    expect(lock).toMatchObject({ pid: second.child.pid, uri: second.uri });
    expect(await readStoreLock(dir)).toBe(second.uri);
    await crash(second);
  });

  it('keeps every acknowledged insert after SIGKILL when compaction happened', async () => {
    const dir = newDir();
    const options = { compactJournalBytes: 32 * 1024 };
    const first = await startChildStore(dir, options);
    children.push(first);
    const acked = await writeThenCrash(first, 1500);
    expect(fs.existsSync(path.join(dir, 'snapshot.bson'))).toBe(true);
    expect(journalFile(dir)).not.toMatch(/journal-0\.log$/);

    const second = await startChildStore(dir, options);
    children.push(second);
    const ids = await storedIds(second.uri);
    expect(acked.filter((id) => !ids.has(id))).toEqual([]);
    // more writes and another crash on top of the recovered snapshot + journal
    const more = await writeThenCrash(second, 300);
    const third = await startChildStore(dir, options);
    children.push(third);
    const after = await storedIds(third.uri);
    expect([...acked, ...more].filter((id) => !after.has(id))).toEqual([]);
    await crash(third);
  });

  it('ignores a torn or corrupt last journal record', async () => {
    const dir = newDir();
    const first = await startChildStore(dir);
    children.push(first);
    const acked = await writeThenCrash(first, 200, 1);
    const journal = journalFile(dir);
    const intact = fs.statSync(journal).size;
    // a torn record: a length prefix promising more bytes than were written
    const torn = Buffer.alloc(12);
    torn.writeUInt32LE(1000, 0);
    fs.appendFileSync(journal, torn);

    const second = await startChildStore(dir);
    children.push(second);
    const ids = await storedIds(second.uri);
    expect(acked.filter((id) => !ids.has(id))).toEqual([]);
    expect(fs.statSync(journalFile(dir)).size).toBe(intact);
    await crash(second);

    // a complete-looking record whose checksum does not match its payload
    const before = fs.statSync(journalFile(dir)).size;
    const corrupt = Buffer.alloc(8 + 16, 7);
    corrupt.writeUInt32LE(16, 0);
    corrupt.writeUInt32LE(12345, 4);
    fs.appendFileSync(journalFile(dir), corrupt);
    const third = await startChildStore(dir);
    children.push(third);
    expect(fs.statSync(journalFile(dir)).size).toBe(before);
    const again = await storedIds(third.uri);
    expect(acked.filter((id) => !again.has(id))).toEqual([]);
    // and the store still accepts writes after the truncated tail
    const client = await connect(third.uri);
    await client.db('durable').collection<{ _id: string }>('docs').insertOne({ _id: 'after-corruption' });
    await crash(third);
    const fourth = await startChildStore(dir);
    children.push(fourth);
    expect((await storedIds(fourth.uri)).has('after-corruption')).toBe(true);
    await crash(fourth);
  });

  it('answers reads while a snapshot is being written', async () => {
    const dir = newDir();
    const store = await startEmbeddedStore({ dir });
    const client = await connect(store.uri);
    try {
      const coll = client.db('durable').collection<{ _id: string; body: string }>('big');
      const body = 'x'.repeat(512 * 1024);
      for (let batch = 0; batch < 8; batch++)
        await coll.insertMany(Array.from({ length: 8 }, (_, i) => ({ _id: `d${batch}-${i}`, body })));
      const finished: string[] = [];
      const snapshot = store.compact().then(() => finished.push('snapshot'));
      const read = coll.findOne({ _id: 'd7-7' }).then((doc) => finished.push(`read ${doc?._id}`));
      await Promise.all([snapshot, read]);
      // a 32 MB snapshot written in one go would have answered the read only afterwards
      expect(finished).toEqual(['read d7-7', 'snapshot']);
      expect(fs.readdirSync(dir).filter((f) => /^journal-\d+\.log$/.test(f))).toEqual(['journal-1.log']);
    } finally {
      await store.close();
    }
  });

  it('replays both journals left by a crash during a background snapshot', async () => {
    const dir = newDir();
    const put = (_id: string) => ({ o: 'put', d: 'durable', c: 'docs', doc: { _id } });
    const create = { o: 'create', d: 'durable', c: 'docs', options: {}, uuid: new UUID() };
    // appends had moved to journal-1 while snapshot.tmp was still being written
    fs.writeFileSync(path.join(dir, 'journal-0.log'), encodeRecord([create, put('a')]));
    fs.writeFileSync(path.join(dir, 'journal-1.log'), encodeRecord([put('b')]));
    fs.writeFileSync(path.join(dir, 'snapshot.tmp'), 'half a snapshot');
    const first = await startChildStore(dir);
    children.push(first);
    expect([...(await storedIds(first.uri))].sort()).toEqual(['a', 'b']);
    expect(fs.existsSync(path.join(dir, 'snapshot.tmp'))).toBe(false);
    // new writes go to the last journal and survive the next crash
    const client = await connect(first.uri);
    await client.db('durable').collection<{ _id: string }>('docs').insertOne({ _id: 'c' });
    await crash(first);
    const second = await startChildStore(dir);
    children.push(second);
    expect([...(await storedIds(second.uri))].sort()).toEqual(['a', 'b', 'c']);
    await crash(second);

    // damage anywhere but the tail of the last journal is corruption, not a torn write
    const damaged = newDir();
    const torn = Buffer.concat([encodeRecord([create, put('a')]), Buffer.from([1, 2, 3])]);
    fs.writeFileSync(path.join(damaged, 'journal-0.log'), torn);
    fs.writeFileSync(path.join(damaged, 'journal-1.log'), encodeRecord([put('b')]));
    await expect(startEmbeddedStore({ dir: damaged })).rejects.toThrow(
      /journal-0\.log is corrupt before a later journal/,
    );
  });

  it('persists data across a clean close and reopen', async () => {
    const dir = newDir();
    const store = await startEmbeddedStore({ dir });
    const client = await MongoClient.connect(store.uri);
    const coll = client.db('reopen').collection('c');
    await coll.createIndex({ k: 1 }, { unique: true });
    await coll.insertMany([{ k: 1 }, { k: 2 }]);
    await client.close();
    await store.close();
    const reopened = await startEmbeddedStore({ dir });
    const client2 = await MongoClient.connect(reopened.uri);
    const coll2 = client2.db('reopen').collection('c');
    expect(await coll2.countDocuments()).toBe(2);
    await expect(coll2.insertOne({ k: 1 })).rejects.toMatchObject({ code: 11000 });
    await client2.close();
    await reopened.close();
  });

  it('removes expired documents of a TTL index', async () => {
    const dir = newDir();
    const store = await startEmbeddedStore({ dir, ttlSweepIntervalMs: 50 });
    const client = await MongoClient.connect(store.uri);
    try {
      const sessions = client.db('ttl').collection('sessions');
      await sessions.createIndex({ lastSeen: 1 }, { expireAfterSeconds: 2 });
      const now = Date.now();
      await sessions.insertMany([
        { name: 'old', lastSeen: new Date(now - 60_000) },
        { name: 'older', lastSeen: [new Date(now + 60_000), new Date(now - 60_000)] },
        { name: 'fresh', lastSeen: new Date(now + 60_000) },
        { name: 'no-date', lastSeen: 'yesterday' },
      ]);
      await vi.waitFor(
        async () => {
          const names = (await sessions.find().toArray()).map((d) => d.name as string).sort();
          expect(names).toEqual(['fresh', 'no-date']);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await client.close();
      await store.close();
    }
  });

  it('refuses transactions on this standalone server', async () => {
    const dir = newDir();
    const store = await startEmbeddedStore({ dir });
    const client = await MongoClient.connect(store.uri);
    try {
      const hello = await client.db('admin').command({ hello: 1 });
      expect(hello).toMatchObject({
        isWritablePrimary: true,
        maxWireVersion: 21,
        minWireVersion: 0,
        logicalSessionTimeoutMinutes: 30,
        ok: 1,
      });
      expect(hello).not.toHaveProperty('setName');
      await expect(
        client.db('tx').command({
          insert: 'c',
          documents: [{ a: 1 }],
          txnNumber: Long.fromNumber(1),
          startTransaction: true,
          autocommit: false,
        }),
      ).rejects.toMatchObject({
        code: 20,
        codeName: 'IllegalOperation',
        message: 'Transaction numbers are only allowed on a replica set member or mongos',
      });
    } finally {
      await client.close();
      await store.close();
    }
  });
});
