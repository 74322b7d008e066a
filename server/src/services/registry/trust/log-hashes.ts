// The log's stored hashes (docs/trust.md, "The log"): the hash of each complete subtree, at its
// stored hash index (shared/src/trust/merkle.ts), kept in the entry whose append completed it
// (log_entries' `hashes`: the leaf's hash, then one per subtree the entry ends). Reads ask for a
// batch in one query; an entry logged before hashes were kept with entries has its hashes
// computed from the leaves and stored with it. Hashes are deterministic, so one computed twice is
// the same bytes.
import { nodeHash, storedHashIndex, type HashReader } from '@pkg/shared';
import type { RegistryDeps } from '../registry-deps.js';

export const b64 = (h: Uint8Array) => Buffer.from(h).toString('base64');
export const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

function trailingZeros(x: number): number {
  let count = 0;
  while (x > 0 && x % 2 === 0) {
    count++;
    x /= 2;
  }
  return count;
}

/** The (level, n) of a stored hash index: the inverse of storedHashIndex. */
export function splitStoredHashIndex(index: number): { level: number; n: number } {
  let n = Math.floor(index / 2);
  let indexN = storedHashIndex(0, n);
  while (indexN > index) indexN = storedHashIndex(0, --n);
  for (;;) {
    const next = indexN + 1 + trailingZeros(n + 1);
    if (next > index) break;
    n++;
    indexN = next;
  }
  const level = index - indexN;
  return { level, n: Math.floor(n / 2 ** level) };
}

/**
 * The entry that keeps stored hash `index` (the last leaf of its subtree: its append completed
 * it) and the hash's place in that entry's `hashes` (its level).
 */
export function hashOwner(index: number): { entry: number; level: number } {
  const { level, n } = splitStoredHashIndex(index);
  return { entry: (n + 1) * 2 ** level - 1, level };
}

/** How many hashes entry `index` completes: its leaf's, and one per subtree it ends. */
export function entryHashCount(index: number): number {
  return 1 + trailingZeros(index + 1);
}

/**
 * The hashes entry `index` completes, computed from the leaf hashes of the 2^m entries ending at
 * it (m: the subtrees it ends), and stored with it.
 */
async function computeEntryHashes(deps: RegistryDeps, index: number): Promise<Uint8Array[]> {
  const width = 2 ** (entryHashCount(index) - 1);
  const lo = index + 1 - width;
  const { LogEntry } = deps.models;
  const entries = await LogEntry.find({ index: { $gte: lo, $lte: index } }, { leafHash: 1 })
    .sort({ index: 1 })
    .lean<{ leafHash: string }[]>();
  if (entries.length !== width)
    throw new Error(`the log is missing entries in [${lo}, ${index}]: ${entries.length} of ${width}`);
  let row: Uint8Array[] = entries.map((e) => unb64(e.leafHash));
  const hashes = [row[row.length - 1] as Uint8Array];
  while (row.length > 1) {
    const up: Uint8Array[] = [];
    for (let i = 0; i + 1 < row.length; i += 2)
      up.push(nodeHash(row[i] as Uint8Array, row[i + 1] as Uint8Array));
    row = up;
    hashes.push(row[row.length - 1] as Uint8Array);
  }
  await LogEntry.updateOne({ index, hashes: { $exists: false } }, { $set: { hashes: hashes.map(b64) } });
  return hashes;
}

/** Reads stored hashes in one query; an entry that keeps none has its hashes computed. */
export function hashReader(deps: RegistryDeps): HashReader {
  return async (indexes) => {
    const owners = indexes.map(hashOwner);
    const docs = await deps.models.LogEntry.find(
      { index: { $in: [...new Set(owners.map((o) => o.entry))] } },
      { index: 1, hashes: 1 },
    ).lean<{ index: number; hashes?: string[] }[]>();
    const kept = new Map(docs.map((d) => [d.index, d.hashes]));
    const computed = new Map<number, Promise<Uint8Array[]>>();
    return Promise.all(
      owners.map(async ({ entry, level }) => {
        const hash = kept.get(entry)?.[level];
        if (hash) return unb64(hash);
        let hashes = computed.get(entry);
        if (!hashes) computed.set(entry, (hashes = computeEntryHashes(deps, entry)));
        const found = (await hashes)[level];
        if (!found) throw new Error(`entry ${entry} completes no subtree of level ${level}`);
        return found;
      }),
    );
  };
}
