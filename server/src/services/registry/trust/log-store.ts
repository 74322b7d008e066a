// Appending to the log and reading its hashes (docs/trust.md, "The log"). An append:
//   claim     insert the entry at the tree size; the unique index refuses a taken one (another
//             process appended): try the next. The size is this process's last appended tree's
//             (checked in the same step: the entry before it is stored), else read from the store
//   hashes    the frontier of the tree before the entry (its complete subtrees' hashes: this
//             process's last appended tree's, else read in one query; a hash a concurrent
//             appender has not stored yet is computed from the entries' leaf hashes) gives the
//             hashes the new leaf completes and the new root with no further read (appendLeaf)
//   store     the new hashes (one write; hashes are deterministic, so one stored twice is the
//             same bytes) and, at the same time, the checkpoint of index + 1 leaves, signed,
//             stored once per size
// so a publish is acknowledged only once its entry is in the tree and a checkpoint covers it.
// Appends of one process run one after the other (the trust state's chain), so processes contend
// on an index only with each other.
import { appendLeaf, formatCheckpoint, frontierIndexes, leafHash, signNote, treeHash } from '@pkg/shared';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';
import { LOG_INDEX_UNIQUE, LOG_KEY_UNIQUE } from '../../../db/models/log.js';
import type { RegistryDeps } from '../registry-deps.js';
import { b64, hashReader, storeLeafHashes } from './log-hashes.js';
import { currentSigner, type Signer } from './signing-keys.js';

export type EntryKind = 'publish' | 'yank' | 'unyank' | 'deprecate' | 'key';

export interface NewEntry {
  kind: EntryKind;
  body: string;
  /** `publish @ns/name@version`: a version's publish is logged once. */
  key?: string | undefined;
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

interface Claim {
  index: number;
  /** False when the entry's key was logged already: `index` is that entry's. */
  inserted: boolean;
}

/** Inserts the entry at `index`: 'taken' when another entry has that index. */
async function insertEntry(
  deps: RegistryDeps,
  entry: NewEntry,
  leaf: Uint8Array,
  index: number,
): Promise<Claim | 'taken'> {
  try {
    await deps.models.LogEntry.create({
      index,
      kind: entry.kind,
      body: entry.body,
      leafHash: b64(leaf),
      ...(entry.key ? { key: entry.key } : {}),
      integratedAt: deps.clock(),
    });
    return { index, inserted: true };
  } catch (error) {
    const duplicate = isDuplicateKeyError(error) ? duplicateOf(error) : 'other';
    if (duplicate === 'other') throw error;
    if (entry.key && duplicate === 'key') {
      const logged = await deps.models.LogEntry.findOne({ key: entry.key }, { index: 1 }).lean<{
        index: number;
      }>();
      if (logged) return { index: logged.index, inserted: false };
    }
    return 'taken';
  }
}

/** Inserts the entry at the first free index from `from`; an entry with its key logged is that one. */
async function claimIndex(
  deps: RegistryDeps,
  entry: NewEntry,
  leaf: Uint8Array,
  from: number,
): Promise<Claim> {
  for (let index = from; ; index++) {
    const claim = await insertEntry(deps, entry, leaf, index);
    if (claim !== 'taken') return claim;
  }
}

/** The tree this process appended last: its size and frontier (the trust state's `tree`). */
export interface KnownTree {
  size: number;
  frontier: Uint8Array[];
}

/**
 * The entry inserted at the size of the tree this process appended last, with that tree's
 * frontier; null when the index is taken (another process appended meanwhile) or the entry is
 * logged already: the caller reads the store then. The entry before it is checked at the same
 * time: a store that lost it (emptied under the running server) gets no gap, the entry is removed.
 */
async function claimAfter(
  deps: RegistryDeps,
  entry: NewEntry,
  leaf: Uint8Array,
  known: KnownTree,
): Promise<{ index: number; frontier: Uint8Array[] } | null> {
  const { LogEntry } = deps.models;
  const [claim, before] = await Promise.all([
    insertEntry(deps, entry, leaf, known.size),
    known.size > 0 ? LogEntry.exists({ index: known.size - 1 }) : true,
  ]);
  if (claim === 'taken' || !claim.inserted) return null;
  if (before) return { index: claim.index, frontier: known.frontier };
  await LogEntry.deleteOne({ index: claim.index, leafHash: b64(leaf) });
  return null;
}

/** The entry's index, claimed at the tree size read from the store, and the frontier before it. */
async function claimFromStore(deps: RegistryDeps, entry: NewEntry, leaf: Uint8Array) {
  const { index } = await claimIndex(deps, entry, leaf, await treeSize(deps));
  const indexes = frontierIndexes(index);
  const frontier = indexes.length ? [...(await hashReader(deps)(indexes))] : [];
  return { index, frontier };
}

/** Signs and stores the checkpoint of a tree size with the given root hash, once per size. */
async function storeSignedCheckpoint(
  deps: RegistryDeps,
  size: number,
  rootHash: Uint8Array,
  signer: Signer,
): Promise<string> {
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

/** The signed checkpoint of a tree size, stored once (a second one of the size is dropped). */
export async function storeCheckpoint(deps: RegistryDeps, size: number, signer: Signer): Promise<string> {
  return storeSignedCheckpoint(deps, size, await treeHash(size, hashReader(deps)), signer);
}

/** What an append is given beyond its entry: the checkpoint's key, and who wants the index early. */
export interface AppendOptions {
  /** The key to sign the checkpoint with (a rotation's new key); by default the current key. */
  signer?: Signer | undefined;
  /**
   * Told the entry's index once it is claimed, before its hashes and checkpoint are stored, so that
   * the caller's own writes can overlap them (the append still resolves only once both are stored).
   */
  onClaimed?: ((index: number) => void) | undefined;
}

async function appendNow(deps: RegistryDeps, entry: NewEntry, options: AppendOptions): Promise<number> {
  const given = options.signer;
  const signer = given ?? (await currentSigner(deps));
  const leaf = leafHash(entry.body);
  const known = deps.trust.tree;
  // Known again only once this append is stored whole.
  deps.trust.tree = null;
  const claim =
    (known && (await claimAfter(deps, entry, leaf, known))) ?? (await claimFromStore(deps, entry, leaf));
  const { index } = claim;
  options.onClaimed?.(index);
  const { hashes, frontier, root } = appendLeaf(claim.frontier, index, leaf);
  await Promise.all([
    storeLeafHashes(deps, index, hashes),
    storeSignedCheckpoint(deps, index + 1, root, signer),
  ]);
  deps.trust.tree = { size: index + 1, frontier };
  return index;
}

/**
 * Appends an entry and returns its index once a signed checkpoint covers it. `options.signer`: the
 * key to sign the checkpoint with (a rotation's new key); by default the current key (currentSigner).
 */
export function appendEntry(
  deps: RegistryDeps,
  entry: NewEntry,
  options: AppendOptions = {},
): Promise<number> {
  const run = () => appendNow(deps, entry, options);
  const appended = deps.trust.appending.then(run, run);
  deps.trust.appending = appended.catch(() => undefined);
  return appended;
}
