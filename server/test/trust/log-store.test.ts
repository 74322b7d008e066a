// The log's store (docs/trust.md, "The log"): a stored hash index splits back into its level and
// position, and a stored hash nobody wrote (an appender that stopped half-way) is computed from
// the entries' leaf hashes when a later append or a proof needs it.
import { storedHashIndex, verifyInclusion, type InclusionProof } from '@pkg/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { splitStoredHashIndex } from '../../src/services/registry/trust/log-hashes.js';
import { appendEntry, treeSize } from '../../src/services/registry/trust/log-store.js';
import { verifyLog } from '../../src/services/registry/trust/log-verify.js';
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

test('appends of one process are serialized, and hashes nobody stored are computed from the entries', async () => {
  const deps = server.deps.registry;
  const indexes = await Promise.all(Array.from({ length: 13 }, (_, i) => appendEntry(deps, entry(i))));
  expect([...indexes].sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i));
  expect(await treeSize(deps)).toBe(13);
  // As if the appenders of entries 4 and 7 had stopped before storing their hashes: leaf 4, the
  // subtrees [6, 8) and [0, 8), which the next checkpoint (the root of 14) and the proof need.
  const lost = [storedHashIndex(0, 4), storedHashIndex(1, 3), storedHashIndex(3, 0)];
  await deps.models.LogHash.deleteMany({ _id: { $in: lost } });
  expect(await deps.models.LogHash.countDocuments({ _id: { $in: lost } })).toBe(0);
  // The next append reads the tree from the store, as another process's would (this process
  // knows the frontier its own last append left, and reads nothing).
  deps.trust.tree = null;
  await appendEntry(deps, entry(13));
  const res = await fetch(`${server.url}/log/proof/inclusion?index=5`);
  const proof = (await res.json()) as InclusionProof;
  const root = unb64(proof.checkpoint.split('\n')[2] ?? '');
  expect(proof.treeSize).toBe(14);
  expect(verifyInclusion(5, 14, unb64(proof.leafHash), proof.proof.map(unb64), root)).toBe(true);
  // Computed from the entries when needed, and stored again: the log is whole.
  expect(await deps.models.LogHash.countDocuments({ _id: { $in: lost } })).toBe(3);
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
