// The log's store (docs/trust.md, "The log"): a stored hash index splits back into its level and
// position and names the entry that keeps it, and hashes an entry does not keep (one logged
// before hashes were kept with entries) are computed from the entries' leaf hashes when a later
// append or a proof needs them, and kept from then on.
import { storedHashIndex, verifyInclusion, type InclusionProof } from '@pkg/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashOwner, splitStoredHashIndex } from '../../src/services/registry/trust/log-hashes.js';
import { appendEntry, treeSize } from '../../src/services/registry/trust/log-store.js';
import { verifyLog } from '../../src/services/registry/trust/log-verify.js';
import { MIGRATIONS } from '../../src/db/migrations.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const entry = (i: number) => ({
  kind: 'unyank' as const,
  body: `pkg-log/v1 unyank\npackage @t/t\nversion 1.0.${i}\nby t\nat 2026-01-01T00:00:00.000Z\n`,
});

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('splitStoredHashIndex is the inverse of storedHashIndex', () => {
  for (let level = 0; level < 8; level++)
    for (let n = 0; n < 200; n++)
      expect(splitStoredHashIndex(storedHashIndex(level, n))).toEqual({ level, n });
});

test('a stored hash is kept by the last entry of its subtree, at its level', () => {
  expect(hashOwner(storedHashIndex(0, 4))).toEqual({ entry: 4, level: 0 });
  expect(hashOwner(storedHashIndex(1, 3))).toEqual({ entry: 7, level: 1 });
  expect(hashOwner(storedHashIndex(3, 0))).toEqual({ entry: 7, level: 3 });
  expect(hashOwner(storedHashIndex(2, 1))).toEqual({ entry: 7, level: 2 });
});

test('appends of one process are serialized, and hashes an entry does not keep are computed from the entries', async () => {
  const deps = server.deps.registry;
  const indexes = await Promise.all(Array.from({ length: 13 }, (_, i) => appendEntry(deps, entry(i))));
  expect([...indexes].sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i));
  expect(await treeSize(deps)).toBe(13);
  // As if entries 4 and 7 had been logged before hashes were kept with entries: leaf 4, the
  // subtrees [6, 8) and [0, 8), which the next checkpoint (the root of 14) and the proof need.
  const { LogEntry } = deps.models;
  const keeping = () => LogEntry.countDocuments({ index: { $in: [4, 7] }, hashes: { $exists: true } });
  await LogEntry.updateMany({ index: { $in: [4, 7] } }, { $unset: { hashes: 1 } });
  expect(await keeping()).toBe(0);
  // The next append reads the tree from the store, as another process's would (this process
  // knows the frontier its own last append left, and reads nothing).
  deps.trust.tree = null;
  await appendEntry(deps, entry(13));
  const res = await fetch(`${server.url}/log/proof/inclusion?index=5`);
  const proof = (await res.json()) as InclusionProof;
  const root = unb64(proof.checkpoint.split('\n')[2] ?? '');
  expect(proof.treeSize).toBe(14);
  expect(verifyInclusion(5, 14, unb64(proof.leafHash), proof.proof.map(unb64), root)).toBe(true);
  // Computed from the entries when needed, and kept again: the log is whole.
  expect(await keeping()).toBe(2);
  expect(await verifyLog(deps)).toMatchObject({ entries: 14, checkpoints: 14 });
});

test('an append after another process appended reads the tree from the store', async () => {
  const deps = server.deps.registry;
  const size = await treeSize(deps);
  await appendEntry(deps, entry(100));
  const known = deps.trust.tree;
  expect(known?.size).toBe(size + 1);
  await appendEntry(deps, entry(101));
  // As if another process had appended entry size + 1: this process still knows the tree of size + 1.
  deps.trust.tree = known;
  expect(await appendEntry(deps, entry(102))).toBe(size + 2);
  expect(deps.trust.tree?.size).toBe(size + 3);
  expect(await appendEntry(deps, entry(103))).toBe(size + 3);
  expect(await verifyLog(deps)).toMatchObject({ entries: size + 4, checkpoints: size + 4 });
});

test('migrate moves a log stored with its hashes and checkpoints apart into its entries', async () => {
  const deps = server.deps.registry;
  const { LogEntry } = deps.models;
  const db = LogEntry.db.db;
  if (!db) throw new Error('not connected');
  const before = await verifyLog(deps);
  const entries = await LogEntry.find({}).sort({ index: 1 }).lean();
  // As a store written before hashes and checkpoints were kept with entries holds them.
  await db
    .collection<{ _id: number; hash: string }>('log_hashes')
    .insertMany(
      entries.flatMap((e) =>
        (e.hashes ?? []).map((hash, level) => ({ _id: storedHashIndex(0, e.index) + level, hash })),
      ),
    );
  await db
    .collection('log_checkpoints')
    .insertMany(entries.map((e) => ({ size: e.index + 1, ...e.checkpoint })));
  await LogEntry.updateMany({}, { $unset: { hashes: 1, checkpoint: 1 } });

  const migration = MIGRATIONS.find((m) => m.id === '0003-log-kept-with-entries');
  expect(await migration?.up(server.deps)).toBe(
    `${entries.length} log entries given their hashes and ${entries.length} their checkpoint`,
  );
  const collections = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  expect(collections).not.toContain('log_hashes');
  expect(collections).not.toContain('log_checkpoints');
  expect(await LogEntry.find({}).sort({ index: 1 }).lean()).toEqual(entries);
  expect(await verifyLog(deps)).toEqual(before);
});
