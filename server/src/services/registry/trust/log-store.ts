// Appending to the log and reading its size (docs/trust.md, "The log"). An append is one write:
//   claim     the entry is inserted at the tree size with the hashes it completes and the signed
//             checkpoint of the tree it ends (appendLeaf: from the frontier of the tree before it,
//             no further read); the unique index refuses a taken index (another process
//             appended): the next is tried. The size and frontier are this process's last
//             appended tree's (the entry before it checked in the same step: it is stored), else
//             read from the store (the frontier in one query)
// so a publish is acknowledged only once its entry is in the tree and a checkpoint covers it (an
// entry written `journaledLater` is made durable by its caller's last, journaled write), and
// a hash or a checkpoint is stored only with the entry that won its index. Appends of one process
// run one after the other (the trust state's chain), so processes contend on an index only with
// each other.
import {
  appendLeaf,
  formatCheckpoint,
  frontierIndexes,
  leafHash,
  signNote,
  treeHash,
  type AppendedLeaf,
} from '@pkg/shared';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';
import { insertDocument } from '../../../db/insert-document.js';
import { logEntryDocument } from '../../../db/models/log-entry-document.js';
import { LOG_INDEX_UNIQUE, LOG_KEY_UNIQUE } from '../../../db/models/log.js';
import type { RegistryDeps } from '../registry-deps.js';
import { b64, hashReader } from './log-hashes.js';
import { currentSigner, type Signer } from './signing-keys.js';

export type EntryKind = 'publish' | 'yank' | 'unyank' | 'deprecate' | 'key';

export interface NewEntry {
  kind: EntryKind;
  body: string;
  /** `publish @ns/name@version`: a version's publish is logged once. */
  key?: string | undefined;
  /**
   * Written journaled later, the entry before it read unjournaled (db/journaled-later.ts): the
   * caller's next write is journaled.
   */
  journaledLater?: boolean | undefined;
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

/** An entry as it is inserted: with its hashes and the checkpoint of the tree it ends. */
interface Appended extends AppendedLeaf {
  index: number;
}

/** The checkpoint of `size` entries with `rootHash`, signed, as an entry keeps it. */
function signedCheckpoint(deps: RegistryDeps, size: number, rootHash: Uint8Array, signer: Signer) {
  const note = signNote(
    formatCheckpoint({ origin: signer.origin, size, rootHash }),
    signer.origin,
    signer.key,
  );
  return { rootHash: b64(rootHash), note, keyid: signer.key.keyid, createdAt: deps.clock() };
}

/**
 * Inserts the entry at `index` over the tree whose frontier is given: 'taken' when another entry
 * has that index, the index of the logged entry when its key was logged already.
 */
async function insertEntry(
  deps: RegistryDeps,
  entry: NewEntry,
  leaf: Uint8Array,
  at: KnownTree,
  signer: Signer,
): Promise<Appended | { logged: number } | 'taken'> {
  const index = at.size;
  const appended = appendLeaf(at.frontier, index, leaf);
  try {
    const doc = {
      index,
      kind: entry.kind,
      body: entry.body,
      leafHash: b64(leaf),
      ...(entry.key ? { key: entry.key } : {}),
      integratedAt: deps.clock(),
      hashes: appended.hashes.map(b64),
      checkpoint: signedCheckpoint(deps, index + 1, appended.root, signer),
    };
    await insertDocument(
      deps.commands,
      deps.models.LogEntry,
      doc,
      { journaledLater: entry.journaledLater },
      logEntryDocument,
    );
    return { index, ...appended };
  } catch (error) {
    const duplicate = isDuplicateKeyError(error) ? duplicateOf(error) : 'other';
    if (duplicate === 'other') throw error;
    if (entry.key && duplicate === 'key') {
      const logged = await deps.models.LogEntry.findOne({ key: entry.key }, { index: 1 }).lean<{
        index: number;
      }>();
      if (logged) return { logged: logged.index };
    }
    return 'taken';
  }
}

/** The tree this process appended last: its size and frontier (the trust state's `tree`). */
export interface KnownTree {
  size: number;
  frontier: Uint8Array[];
}

/**
 * The entry inserted at the size of the tree this process appended last, over that tree's
 * frontier; null when the index is taken (another process appended meanwhile): the caller reads
 * the store then. The entry before it is checked at the same time: a store that lost it (emptied
 * under the running server) gets no gap, the entry is removed.
 */
async function claimAfter(
  deps: RegistryDeps,
  entry: NewEntry,
  leaf: Uint8Array,
  known: KnownTree,
  signer: Signer,
): Promise<Appended | { logged: number } | null> {
  const { LogEntry } = deps.models;
  const previous = async () => {
    const found = await deps.commands.find(
      LogEntry.collection.collectionName,
      { index: known.size - 1 },
      { projection: { _id: 1 }, limit: 1, readUnjournaled: entry.journaledLater },
    );
    return found.length > 0;
  };
  const [claim, before] = await Promise.all([
    insertEntry(deps, entry, leaf, known, signer),
    known.size > 0 ? previous() : true,
  ]);
  if (claim === 'taken') return null;
  if (!('hashes' in claim) || before) return claim;
  await LogEntry.deleteOne({ index: claim.index, leafHash: b64(leaf) });
  return null;
}

/** The tree of `size` entries as the store has it: its size and frontier (one query). */
async function storedTree(deps: RegistryDeps, size: number): Promise<KnownTree> {
  const indexes = frontierIndexes(size);
  return { size, frontier: indexes.length ? [...(await hashReader(deps)(indexes))] : [] };
}

/** The entry inserted at the first free index from the tree size read from the store. */
async function claimFromStore(
  deps: RegistryDeps,
  entry: NewEntry,
  leaf: Uint8Array,
  signer: Signer,
): Promise<Appended | { logged: number }> {
  for (let size = await treeSize(deps); ; size++) {
    const claim = await insertEntry(deps, entry, leaf, await storedTree(deps, size), signer);
    if (claim !== 'taken') return claim;
  }
}

/**
 * Signs and stores the checkpoint of a tree size, kept by the entry that ends it; one signed
 * already stays as it is.
 */
export async function storeCheckpoint(deps: RegistryDeps, size: number, signer: Signer): Promise<void> {
  const checkpoint = signedCheckpoint(deps, size, await treeHash(size, hashReader(deps)), signer);
  await deps.models.LogEntry.updateOne(
    { index: size - 1, checkpoint: { $exists: false } },
    { $set: { checkpoint } },
  );
}

async function appendNow(deps: RegistryDeps, entry: NewEntry, given?: Signer): Promise<number> {
  const signer = given ?? (await currentSigner(deps));
  const leaf = leafHash(entry.body);
  const known = deps.trust.tree;
  // Known again only once this append is stored whole.
  deps.trust.tree = null;
  const claim =
    (known && (await claimAfter(deps, entry, leaf, known, signer))) ??
    (await claimFromStore(deps, entry, leaf, signer));
  if ('logged' in claim) return claim.logged;
  deps.trust.tree = { size: claim.index + 1, frontier: claim.frontier };
  return claim.index;
}

/** The size of the tree the next append of this process is likely to claim (publishVersion's guess). */
export function nextIndexGuess(deps: RegistryDeps): number | undefined {
  return deps.trust.tree?.size;
}

/**
 * Appends an entry and returns its index once it is stored with a signed checkpoint covering it.
 * `signer`: the key to sign the checkpoint with (a rotation's new key); by default the current key
 * (currentSigner).
 */
export function appendEntry(deps: RegistryDeps, entry: NewEntry, signer?: Signer): Promise<number> {
  const run = () => appendNow(deps, entry, signer);
  const appended = deps.trust.appending.then(run, run);
  deps.trust.appending = appended.catch(() => undefined);
  appended.then(
    () => deps.metrics.logAppend(entry.kind, true),
    () => deps.metrics.logAppend(entry.kind, false),
  );
  return appended;
}
