// The log's Merkle tree against an RFC 6962 implementation's published test vectors: the
// transparency-dev/merkle Go module (github.com/transparency-dev/merkle, commit 417fb0c, Apache-2.0;
// copied under test/vectors/transparency-dev-merkle/ with its LICENSE): `testdata/inclusion` and
// `testdata/consistency` (happy paths and the corrupted proofs that must fail), and the tree of
// `testonly/constants.go` (eight leaves, the root of every size). Then random trees of up to
// 1,000 leaves, proved from stored hashes and checked by the independent RFC 9162 verifiers.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appendLeaf,
  EMPTY_ROOT,
  frontierIndexes,
  leafHash,
  nodeHash,
  proveConsistency,
  proveInclusion,
  storedHashCount,
  storedHashesForLeaf,
  treeHash,
  verifyConsistency,
  verifyInclusion,
  type HashReader,
} from '../../src/trust/merkle.js';

const VECTORS = join(import.meta.dirname, '../vectors/transparency-dev-merkle');
const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));
const hex = (s: string) => new Uint8Array(Buffer.from(s, 'hex'));

function vectorFiles(kind: 'inclusion' | 'consistency'): { file: string; json: Record<string, unknown> }[] {
  const root = join(VECTORS, kind);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({
      file,
      json: JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>,
    }));
}

/** An in-memory store of a tree, built by appending leaves as the server does. */
async function buildTree(leaves: readonly Uint8Array[]) {
  const stored: Uint8Array[] = [];
  const read: HashReader = (indexes) =>
    Promise.resolve(
      indexes.map((i) => {
        const h = stored[i];
        if (!h) throw new Error(`no stored hash ${i}`);
        return h;
      }),
    );
  for (const [n, data] of leaves.entries()) {
    const hashes = await storedHashesForLeaf(n, leafHash(data), read);
    stored.push(...hashes);
    expect(stored.length).toBe(storedHashCount(n + 1));
  }
  return { read };
}

/** RFC 6962's MTH, straight from its definition, for the random trees. */
function referenceRoot(leaves: readonly Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return EMPTY_ROOT;
  if (leaves.length === 1) return leafHash(leaves[0] as Uint8Array);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return nodeHash(referenceRoot(leaves.slice(0, k)), referenceRoot(leaves.slice(k)));
}

describe('published vectors (transparency-dev/merkle testdata)', () => {
  const inclusion = vectorFiles('inclusion');
  const consistency = vectorFiles('consistency');

  it('has the vectors', () => {
    expect(inclusion.length).toBeGreaterThan(70);
    expect(consistency.length).toBeGreaterThan(90);
  });

  it.each(inclusion)('inclusion $file', ({ json }) => {
    const ok = verifyInclusion(
      json.leafIdx as number,
      json.treeSize as number,
      b64(json.leafHash as string),
      ((json.proof as string[] | null) ?? []).map(b64),
      b64(json.root as string),
    );
    expect(ok).toBe(!(json.wantErr as boolean));
  });

  it.each(consistency)('consistency $file', ({ json }) => {
    const ok = verifyConsistency(
      json.size1 as number,
      json.size2 as number,
      ((json.proof as string[] | null) ?? []).map(b64),
      b64(json.root1 as string),
      b64(json.root2 as string),
    );
    expect(ok).toBe(!(json.wantErr as boolean));
  });
});

describe('the reference tree (transparency-dev/merkle testonly/constants.go)', () => {
  const leaves = [
    '',
    '00',
    '10',
    '2021',
    '3031',
    '40414243',
    '5051525354555657',
    '606162636465666768696a6b6c6d6e6f',
  ].map(hex);
  const roots = [
    'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
    'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
    'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
    '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
    'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
    '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
  ];

  it('every size has the published root, from stored hashes', async () => {
    const { read } = await buildTree(leaves);
    for (let size = 0; size <= 8; size++)
      expect(Buffer.from(await treeHash(size, read)).toString('hex')).toBe(roots[size]);
  });

  it('proves what the published proofs prove (proofgen: leaf 6 of 8; 6 → 8; 2 of 5)', async () => {
    const { read } = await buildTree(leaves);
    const asHex = (proof: Uint8Array[]) => proof.map((h) => Buffer.from(h).toString('hex'));
    expect(asHex(await proveInclusion(8, 5, read))).toEqual([
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
    expect(asHex(await proveConsistency(6, 8, read))).toEqual([
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
    expect(asHex(await proveInclusion(5, 1, read))).toEqual([
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ]);
  });
});

describe('random trees of up to 1,000 leaves', () => {
  it('every proof from stored hashes verifies, and a changed one does not', async () => {
    const leaves = Array.from({ length: 1000 }, () => randomBytes(1 + Math.floor(Math.random() * 40)));
    const { read } = await buildTree(leaves);
    const sizes = [1, 2, 3, 5, 7, 8, 9, 31, 32, 33, 100, 127, 128, 129, 511, 512, 513, 777, 999, 1000];
    const roots = new Map<number, Uint8Array>();
    for (const size of sizes) {
      const root = await treeHash(size, read);
      expect(Buffer.from(root)).toEqual(Buffer.from(referenceRoot(leaves.slice(0, size))));
      roots.set(size, root);
    }
    for (const size of sizes) {
      const root = roots.get(size) as Uint8Array;
      for (const index of new Set([0, size - 1, Math.floor(size / 2), Math.floor(Math.random() * size)])) {
        const proof = await proveInclusion(size, index, read);
        const leaf = leafHash(leaves[index] as Uint8Array);
        expect(verifyInclusion(index, size, leaf, proof, root)).toBe(true);
        if (size > 1) expect(verifyInclusion((index + 1) % size, size, leaf, proof, root)).toBe(false);
        if (proof.length > 0) {
          const bent = proof.map((h, i) =>
            i === 0 ? Uint8Array.from(h, (b, j) => (j === 0 ? b ^ 1 : b)) : h,
          );
          expect(verifyInclusion(index, size, leaf, bent, root)).toBe(false);
        }
      }
      for (const from of sizes.filter((s) => s <= size)) {
        const proof = await proveConsistency(from, size, read);
        const old = roots.get(from) as Uint8Array;
        expect(verifyConsistency(from, size, proof, old, root)).toBe(true);
        if (from < size) expect(verifyConsistency(from, size, proof, root, root)).toBe(false);
      }
    }
  });

  it('appendLeaf from the frontier gives the stored hashes, the next frontier and the root', async () => {
    const leaves = Array.from({ length: 300 }, () => randomBytes(1 + Math.floor(Math.random() * 40)));
    const { read } = await buildTree(leaves);
    let frontier: Uint8Array[] = [];
    for (const [n, data] of leaves.entries()) {
      expect(frontier.map((h) => Buffer.from(h))).toEqual(
        (await read(frontierIndexes(n))).map((h) => Buffer.from(h)),
      );
      const leaf = leafHash(data);
      const appended = appendLeaf(frontier, n, leaf);
      expect(appended.hashes.map((h) => Buffer.from(h))).toEqual(
        (await storedHashesForLeaf(n, leaf, read)).map((h) => Buffer.from(h)),
      );
      expect(Buffer.from(appended.root)).toEqual(Buffer.from(await treeHash(n + 1, read)));
      frontier = appended.frontier;
    }
    expect(() => appendLeaf([], 1, leafHash('x'))).toThrow(/not the frontier of a tree of 1/);
  });

  it('refuses proofs of leaves or sizes outside the tree', async () => {
    const { read } = await buildTree([hex('00'), hex('01')]);
    await expect(proveInclusion(2, 2, read)).rejects.toThrow(RangeError);
    await expect(proveConsistency(3, 2, read)).rejects.toThrow(RangeError);
    await expect(proveConsistency(0, 2, read)).rejects.toThrow(RangeError);
  });
});
