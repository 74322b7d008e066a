// The registry's transparency log is a Merkle tree hashed as RFC 6962 / RFC 9162 say: a leaf is
// SHA-256(0x00 || data), an interior node SHA-256(0x01 || left || right), the empty tree SHA-256("")
// (docs/trust.md, "The log"). No npm package both stores such a tree and proves from it, so this
// file follows Go's checksum database (golang.org/x/mod/sumdb/tlog, BSD-3-Clause): every complete
// subtree's hash is stored once, at the "stored hash index" below, and proofs read the few stored
// hashes they need in one batch. The checks (verifyInclusion, verifyConsistency) are RFC 9162's
// own algorithms (sections 2.1.3.2 and 2.1.4.2), written apart from the prover on purpose, so that
// a bug in one is caught by the other.
import { createHash } from 'node:crypto';

export const HASH_SIZE = 32;

/** Reads stored hashes by stored hash index, in the order asked. */
export type HashReader = (indexes: readonly number[]) => Promise<readonly Uint8Array[]>;

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT: Uint8Array = createHash('sha256').digest();

export function leafHash(data: Uint8Array | string): Uint8Array {
  return createHash('sha256').update(Uint8Array.of(0)).update(data).digest();
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return createHash('sha256').update(Uint8Array.of(1)).update(left).update(right).digest();
}

export function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;
}

function isHash(h: Uint8Array): boolean {
  return h.length === HASH_SIZE;
}

/** The largest power of two below n (n > 1), and its log. */
function maxPow2(n: number): { k: number; level: number } {
  let level = 0;
  while (2 ** (level + 1) < n) level++;
  return { k: 2 ** level, level };
}

function trailingOnes(n: number): number {
  let count = 0;
  while (n % 2 === 1) {
    count++;
    n = Math.floor(n / 2);
  }
  return count;
}

/**
 * Where the hash of the complete subtree of 2^level leaves starting at leaf n·2^level is stored:
 * hashes are stored in the order they become known as leaves are appended.
 */
export function storedHashIndex(level: number, n: number): number {
  for (let l = level; l > 0; l--) n = 2 * n + 1;
  let i = 0;
  for (; n > 0; n = Math.floor(n / 2)) i += n;
  return i + level;
}

/** How many hashes are stored for a tree of n leaves. */
export function storedHashCount(n: number): number {
  if (n === 0) return 0;
  return storedHashIndex(0, n - 1) + 1 + trailingOnes(n - 1);
}

async function readAll(read: HashReader, indexes: readonly number[]): Promise<readonly Uint8Array[]> {
  if (indexes.length === 0) return [];
  const hashes = await read(indexes);
  if (hashes.length !== indexes.length)
    throw new Error(`the log's store gave ${hashes.length} hashes for ${indexes.length} asked`);
  return hashes;
}

/**
 * The hashes to store when leaf n (0-based) with hash `leaf` is appended: the leaf's own, then one
 * per subtree it completes. Reads the left siblings, which the earlier leaves stored. Stored at
 * storedHashIndex(0, n), then consecutive indexes.
 */
export async function storedHashesForLeaf(
  n: number,
  leaf: Uint8Array,
  read: HashReader,
): Promise<Uint8Array[]> {
  const m = trailingOnes(n);
  const indexes: number[] = [];
  for (let i = 0; i < m; i++) indexes[m - 1 - i] = storedHashIndex(i, Math.floor(n / 2 ** i) - 1);
  const old = await readAll(read, indexes);
  const hashes = [leaf];
  let h = leaf;
  for (let i = 0; i < m; i++) {
    h = nodeHash(old[m - 1 - i] as Uint8Array, h);
    hashes.push(h);
  }
  return hashes;
}

/** The stored indexes of the complete subtrees that make up leaves [lo, hi). */
function subTreeIndex(lo: number, hi: number, need: number[]): number[] {
  while (lo < hi) {
    const { k, level } = maxPow2(hi - lo + 1);
    need.push(storedHashIndex(level, lo / k));
    lo += k;
  }
  return need;
}

/** Folds the hashes subTreeIndex asked for into the hash of leaves [lo, hi); returns the rest. */
function subTreeHash(
  lo: number,
  hi: number,
  hashes: readonly Uint8Array[],
): [Uint8Array, readonly Uint8Array[]] {
  let count = 0;
  while (lo < hi) {
    lo += maxPow2(hi - lo + 1).k;
    count++;
  }
  let h = hashes[count - 1] as Uint8Array;
  for (let i = count - 2; i >= 0; i--) h = nodeHash(hashes[i] as Uint8Array, h);
  return [h, hashes.slice(count)];
}

/**
 * The stored indexes of the complete subtrees that make up the tree of n leaves (its frontier),
 * largest first: all an append needs, read in one batch (appendLeaf).
 */
export function frontierIndexes(n: number): number[] {
  return subTreeIndex(0, n, []);
}

export interface AppendedLeaf {
  /** What storedHashesForLeaf returns: the leaf's hash, then one per subtree it completes. */
  hashes: Uint8Array[];
  /** The frontier of the tree of n + 1 leaves (the hashes at its frontierIndexes). */
  frontier: Uint8Array[];
  /** The root hash of the tree of n + 1 leaves (treeHash(n + 1)). */
  root: Uint8Array;
}

/**
 * Appends leaf n (0-based) to the tree of n leaves whose frontier (the hashes at
 * frontierIndexes(n)) is given: the hashes to store, the new frontier and the new root, with no
 * read. The left siblings storedHashesForLeaf reads are the frontier's last trailingOnes(n).
 */
export function appendLeaf(frontier: readonly Uint8Array[], n: number, leaf: Uint8Array): AppendedLeaf {
  const m = trailingOnes(n);
  if (frontier.length !== subTreeIndex(0, n, []).length || m > frontier.length)
    throw new Error(`a frontier of ${frontier.length} hashes is not the frontier of a tree of ${n}`);
  const hashes = [leaf];
  let h = leaf;
  for (let i = 0; i < m; i++) {
    h = nodeHash(frontier[frontier.length - 1 - i] as Uint8Array, h);
    hashes.push(h);
  }
  const next = [...frontier.slice(0, frontier.length - m), h];
  let root = next[next.length - 1] as Uint8Array;
  for (let i = next.length - 2; i >= 0; i--) root = nodeHash(next[i] as Uint8Array, root);
  return { hashes, frontier: next, root };
}

/** The root hash of the tree of the first n leaves. */
export async function treeHash(n: number, read: HashReader): Promise<Uint8Array> {
  if (n === 0) return EMPTY_ROOT;
  const hashes = await readAll(read, subTreeIndex(0, n, []));
  return subTreeHash(0, n, hashes)[0];
}

function inclusionIndex(lo: number, hi: number, n: number, need: number[]): number[] {
  if (lo + 1 === hi) return need;
  const { k } = maxPow2(hi - lo);
  if (n < lo + k) {
    inclusionIndex(lo, lo + k, n, need);
    return subTreeIndex(lo + k, hi, need);
  }
  subTreeIndex(lo, lo + k, need);
  return inclusionIndex(lo + k, hi, n, need);
}

function inclusionPath(
  lo: number,
  hi: number,
  n: number,
  hashes: readonly Uint8Array[],
): [Uint8Array[], readonly Uint8Array[]] {
  if (lo + 1 === hi) return [[], hashes];
  const { k } = maxPow2(hi - lo);
  let proof: Uint8Array[];
  let sibling: Uint8Array;
  if (n < lo + k) {
    [proof, hashes] = inclusionPath(lo, lo + k, n, hashes);
    [sibling, hashes] = subTreeHash(lo + k, hi, hashes);
  } else {
    [sibling, hashes] = subTreeHash(lo, lo + k, hashes);
    [proof, hashes] = inclusionPath(lo + k, hi, n, hashes);
  }
  proof.push(sibling);
  return [proof, hashes];
}

/** The inclusion proof of leaf `index` in the tree of `size` leaves (RFC 9162's PATH). */
export async function proveInclusion(size: number, index: number, read: HashReader): Promise<Uint8Array[]> {
  if (!(Number.isSafeInteger(size) && Number.isSafeInteger(index) && index >= 0 && index < size))
    throw new RangeError(`no leaf ${index} in a tree of ${size}`);
  const hashes = await readAll(read, inclusionIndex(0, size, index, []));
  return inclusionPath(0, size, index, hashes)[0];
}

function consistencyIndex(lo: number, hi: number, n: number, need: number[]): number[] {
  if (n === hi) return lo === 0 ? need : subTreeIndex(lo, hi, need);
  const { k } = maxPow2(hi - lo);
  if (n <= lo + k) {
    consistencyIndex(lo, lo + k, n, need);
    return subTreeIndex(lo + k, hi, need);
  }
  subTreeIndex(lo, lo + k, need);
  return consistencyIndex(lo + k, hi, n, need);
}

function consistencyPath(
  lo: number,
  hi: number,
  n: number,
  hashes: readonly Uint8Array[],
): [Uint8Array[], readonly Uint8Array[]] {
  if (n === hi) {
    if (lo === 0) return [[], hashes];
    const [h, rest] = subTreeHash(lo, hi, hashes);
    return [[h], rest];
  }
  const { k } = maxPow2(hi - lo);
  let proof: Uint8Array[];
  let other: Uint8Array;
  if (n <= lo + k) {
    [proof, hashes] = consistencyPath(lo, lo + k, n, hashes);
    [other, hashes] = subTreeHash(lo + k, hi, hashes);
  } else {
    [other, hashes] = subTreeHash(lo, lo + k, hashes);
    [proof, hashes] = consistencyPath(lo + k, hi, n, hashes);
  }
  proof.push(other);
  return [proof, hashes];
}

/** The consistency proof from the tree of `from` leaves to the tree of `to` (RFC 9162's PROOF). */
export async function proveConsistency(from: number, to: number, read: HashReader): Promise<Uint8Array[]> {
  if (!(Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 1 && from <= to))
    throw new RangeError(`no consistency proof from a tree of ${from} to a tree of ${to}`);
  const hashes = await readAll(read, consistencyIndex(0, to, from, []));
  return consistencyPath(0, to, from, hashes)[0];
}

/**
 * RFC 9162 section 2.1.3.2: does `proof` prove that the leaf with hash `leaf` is leaf `index` of
 * the tree of `size` leaves whose root is `root`?
 */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size)) || index < 0 || index >= size)
    return false;
  if (![leaf, root, ...proof].every(isHash)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && sameHash(r, root);
}

/**
 * RFC 9162 section 2.1.4.2: does `proof` prove that the tree of `size1` leaves with root `root1`
 * is a prefix of the tree of `size2` leaves with root `root2`?
 */
export function verifyConsistency(
  size1: number,
  size2: number,
  proof: readonly Uint8Array[],
  root1: Uint8Array,
  root2: Uint8Array,
): boolean {
  if (!(Number.isSafeInteger(size1) && Number.isSafeInteger(size2)) || size1 < 0 || size2 < size1)
    return false;
  // Every tree extends the empty one: a proof from it proves nothing, so none is accepted.
  if (size1 === 0) return false;
  if (size1 === size2) return proof.length === 0 && sameHash(root1, root2);
  if (![root1, root2, ...proof].every(isHash)) return false;
  let path = [...proof];
  if (Number.isInteger(Math.log2(size1))) path = [root1, ...path];
  if (path.length === 0) return false;
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0] as Uint8Array;
  let sr = fr;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sameHash(fr, root1) && sameHash(sr, root2) && sn === 0;
}
