// The log's stored hashes (docs/trust.md, "The log"): the hash of each complete subtree, stored at
// its stored hash index (shared/src/trust/merkle.ts) in log_hashes. Reads ask for a batch in one
// query; a hash not stored yet (its appender has not got that far) is computed from the entries'
// leaf hashes. Hashes are deterministic, so one stored twice is the same bytes: a write that finds
// it stored leaves it.
import { nodeHash, storedHashIndex, type HashReader } from '@pkg/shared';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';
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

async function storeHash(deps: RegistryDeps, index: number, hash: Uint8Array): Promise<void> {
  try {
    await deps.models.LogHash.create({ _id: index, hash: b64(hash) });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
}

/** Every write error of an unordered insertMany is a duplicate key (stored already). */
function onlyDuplicates(error: unknown): boolean {
  const writeErrors = (error as { writeErrors?: unknown[] }).writeErrors;
  if (!Array.isArray(writeErrors) || writeErrors.length === 0) return isDuplicateKeyError(error);
  return writeErrors.every(
    (w) => isDuplicateKeyError(w) || isDuplicateKeyError((w as { err?: unknown }).err),
  );
}

/** Stores the hashes leaf `index` completes, in one write; any stored already stays as it is. */
export async function storeLeafHashes(
  deps: RegistryDeps,
  index: number,
  hashes: Uint8Array[],
): Promise<void> {
  const first = storedHashIndex(0, index);
  const docs = hashes.map((hash, i) => ({ _id: first + i, hash: b64(hash) }));
  try {
    await deps.models.LogHash.insertMany(docs, { ordered: false, lean: true });
  } catch (error) {
    if (!onlyDuplicates(error)) throw error;
  }
}

/** A stored hash nobody stored yet: the complete subtree's hash from its entries' leaf hashes. */
async function computeStoredHash(deps: RegistryDeps, index: number): Promise<Uint8Array> {
  const { level, n } = splitStoredHashIndex(index);
  const width = 2 ** level;
  const lo = n * width;
  const entries = await deps.models.LogEntry.find({ index: { $gte: lo, $lt: lo + width } }, { leafHash: 1 })
    .sort({ index: 1 })
    .lean<{ leafHash: string }[]>();
  if (entries.length !== width)
    throw new Error(`the log is missing entries in [${lo}, ${lo + width}): ${entries.length} of ${width}`);
  let row: Uint8Array[] = entries.map((e) => unb64(e.leafHash));
  while (row.length > 1) {
    const up: Uint8Array[] = [];
    for (let i = 0; i + 1 < row.length; i += 2)
      up.push(nodeHash(row[i] as Uint8Array, row[i + 1] as Uint8Array));
    row = up;
  }
  const hash = row[0] as Uint8Array;
  await storeHash(deps, index, hash);
  return hash;
}

/** Reads stored hashes in one query; any not stored yet is computed from the entries. */
export function hashReader(deps: RegistryDeps): HashReader {
  return async (indexes) => {
    const docs = await deps.models.LogHash.find({ _id: { $in: [...indexes] } }).lean<
      { _id: number; hash: string }[]
    >();
    const found = new Map(docs.map((d) => [d._id, d.hash]));
    return Promise.all(
      indexes.map(async (i) => {
        const hash = found.get(i);
        return hash ? unb64(hash) : computeStoredHash(deps, i);
      }),
    );
  };
}
