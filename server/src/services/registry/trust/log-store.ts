// Appending to the log and reading its hashes (docs/trust.md, "The log"). An append:
//   claim     read the tree size (highest index + 1) and insert the entry at that index; the
//             unique index refuses a taken one (another process appended): try the next
//   hashes    store the hashes the new leaf completes (storedHashesForLeaf); a left sibling that a
//             concurrent appender has not stored yet is computed from the entries' leaf hashes
//             (hashes are deterministic, so storing it twice stores the same bytes)
//   checkpoint  the root of the tree of index + 1 leaves, signed, stored once per size
// so a publish is acknowledged only once its entry is in the tree and a checkpoint covers it.
// Appends of one process run one after the other (the trust state's chain), so processes contend
// on an index only with each other.
import {
  formatCheckpoint,
  leafHash,
  nodeHash,
  signNote,
  storedHashesForLeaf,
  storedHashIndex,
  treeHash,
  type HashReader,
} from '@pkg/shared';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';
import { LOG_INDEX_UNIQUE, LOG_KEY_UNIQUE } from '../../../db/models/log.js';
import type { RegistryDeps } from '../registry-deps.js';
import { currentSigner, type Signer } from './signing-keys.js';

export type EntryKind = 'publish' | 'yank' | 'unyank' | 'deprecate' | 'key';

export interface NewEntry {
  kind: EntryKind;
  body: string;
  /** `publish @ns/name@version`: a version's publish is logged once. */
  key?: string | undefined;
}

const b64 = (h: Uint8Array) => Buffer.from(h).toString('base64');
const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

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

/** The highest index + 1, by a sort of the entries (the fallback of treeSize). */
async function sortedTreeSize(deps: RegistryDeps): Promise<number> {
  const last = await deps.models.LogEntry.findOne({}, { index: 1 })
    .sort({ index: -1 })
    .lean<{ index: number }>();
  return last ? last.index + 1 : 0;
}

/**
 * The number of entries: the highest index + 1. Entries are never removed and an index is taken
 * only after the one before it, so the count of entries is that size: it is taken from the
 * collection's count and checked by two lookups on the unique index (entry n - 1 is there, entry
 * n is not), with a sort of the entries only when the check fails (a count that moved meanwhile).
 */
export async function treeSize(deps: RegistryDeps): Promise<number> {
  const { LogEntry } = deps.models;
  const n = await LogEntry.estimatedDocumentCount();
  const [last, next] = await Promise.all([
    n > 0 ? LogEntry.exists({ index: n - 1 }) : true,
    LogEntry.exists({ index: n }),
  ]);
  return last && !next ? n : sortedTreeSize(deps);
}

async function storeHash(deps: RegistryDeps, index: number, hash: Uint8Array): Promise<void> {
  try {
    await deps.models.LogHash.create({ _id: index, hash: b64(hash) });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
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

/** Which unique index refused the entry: its index (taken), its key (logged), or another. */
function duplicateOf(error: unknown): 'index' | 'key' | 'other' {
  const e = error as { keyPattern?: Record<string, unknown>; message?: unknown };
  const message = String(e.message);
  if (message.includes(LOG_INDEX_UNIQUE) || (e.keyPattern && Object.keys(e.keyPattern).join() === 'index'))
    return 'index';
  if (message.includes(LOG_KEY_UNIQUE) || (e.keyPattern && Object.keys(e.keyPattern).join() === 'key'))
    return 'key';
  return 'other';
}

/** Inserts the entry at the first free index; an entry with its key already logged is that one. */
async function claimIndex(deps: RegistryDeps, entry: NewEntry, leaf: Uint8Array): Promise<number> {
  let index = await treeSize(deps);
  for (;;) {
    try {
      await deps.models.LogEntry.create({
        index,
        kind: entry.kind,
        body: entry.body,
        leafHash: b64(leaf),
        ...(entry.key ? { key: entry.key } : {}),
        integratedAt: deps.clock(),
      });
      return index;
    } catch (error) {
      const duplicate = isDuplicateKeyError(error) ? duplicateOf(error) : 'other';
      if (duplicate === 'other') throw error;
      if (entry.key && duplicate === 'key') {
        const logged = await deps.models.LogEntry.findOne({ key: entry.key }, { index: 1 }).lean<{
          index: number;
        }>();
        if (logged) return logged.index;
      }
      index++;
    }
  }
}

/** The signed checkpoint of a tree size, stored once (a second one of the size is dropped). */
export async function storeCheckpoint(deps: RegistryDeps, size: number, signer: Signer): Promise<string> {
  const rootHash = await treeHash(size, hashReader(deps));
  const note = signNote(
    formatCheckpoint({ origin: signer.origin, size, rootHash }),
    signer.origin,
    signer.key,
  );
  try {
    await deps.models.LogCheckpoint.create({
      size,
      rootHash: b64(rootHash),
      note,
      keyid: signer.key.keyid,
      createdAt: deps.clock(),
    });
    return note;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const stored = await deps.models.LogCheckpoint.findOne({ size }, { note: 1 }).lean<{ note: string }>();
    return stored?.note ?? note;
  }
}

async function appendNow(deps: RegistryDeps, entry: NewEntry, given?: Signer): Promise<number> {
  const signer = given ?? (await currentSigner(deps));
  const leaf = leafHash(entry.body);
  const index = await claimIndex(deps, entry, leaf);
  const hashes = await storedHashesForLeaf(index, leaf, hashReader(deps));
  const first = storedHashIndex(0, index);
  await Promise.all(hashes.map((hash, i) => storeHash(deps, first + i, hash)));
  await storeCheckpoint(deps, index + 1, signer);
  return index;
}

/**
 * Appends an entry and returns its index once a signed checkpoint covers it. `signer`: the key to
 * sign the checkpoint with (a rotation's new key); by default the current key (currentSigner).
 */
export function appendEntry(deps: RegistryDeps, entry: NewEntry, signer?: Signer): Promise<number> {
  const run = () => appendNow(deps, entry, signer);
  const appended = deps.trust.appending.then(run, run);
  deps.trust.appending = appended.catch(() => undefined);
  return appended;
}
