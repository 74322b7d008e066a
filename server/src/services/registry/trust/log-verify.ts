// `pkg-admin log verify` (docs/trust.md, "The log"): recomputes the log from its entries alone and
// compares: every entry's leaf hash, every stored hash, every checkpoint's root, and every
// checkpoint's signature and publish entry's signature by a listed key. The first problem found
// is thrown, naming it.
import {
  leafHash,
  openNote,
  parseCheckpoint,
  parseEntry,
  sameHash,
  storedHashesForLeaf,
  storedHashIndex,
  treeHash,
  verifyBytes,
  type HashReader,
} from '@pkg/shared';
import type { RegistryDeps } from '../registry-deps.js';

export interface LogVerification {
  entries: number;
  hashes: number;
  checkpoints: number;
}

export class LogVerifyError extends Error {
  override name = 'LogVerifyError';
}

const unb64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

interface Listed {
  keyid: string;
  publicKey: Uint8Array;
  noteName: string;
}

function checkPublishSignature(index: number, body: string, keys: Listed[]): void {
  const parsed = parseEntry(body);
  if (parsed.kind !== 'publish') return;
  const [keyid = '', sig = ''] = (parsed.fields.signature ?? '').split(' ');
  const key = keys.find((k) => k.keyid === keyid);
  if (!key)
    throw new LogVerifyError(`entry ${index}: signed by ${keyid || 'no key'}, which is not a listed key`);
  if (!parsed.statement || !verifyBytes(key.publicKey, parsed.statement, unb64(sig)))
    throw new LogVerifyError(`entry ${index}: the version's signature by ${keyid} does not verify`);
}

/** Every entry in order, its leaf hash, and the stored hashes recomputed in memory. */
async function recomputeTree(deps: RegistryDeps, keys: Listed[]): Promise<Map<number, Uint8Array>> {
  const stored = new Map<number, Uint8Array>();
  const read: HashReader = (indexes) =>
    Promise.resolve(
      indexes.map((i) => {
        const h = stored.get(i);
        if (!h) throw new LogVerifyError(`stored hash ${i} is needed before it is computed`);
        return h;
      }),
    );
  let expected = 0;
  for await (const entry of deps.models.LogEntry.find({}, { index: 1, body: 1, leafHash: 1 })
    .sort({ index: 1 })
    .lean()
    .cursor()) {
    if (entry.index !== expected)
      throw new LogVerifyError(`entry ${expected} is missing (the next is ${entry.index})`);
    const leaf = leafHash(entry.body);
    if (!sameHash(leaf, unb64(entry.leafHash)))
      throw new LogVerifyError(`entry ${entry.index}: its stored leaf hash is not the hash of its body`);
    checkPublishSignature(entry.index, entry.body, keys);
    const hashes = await storedHashesForLeaf(entry.index, leaf, read);
    const first = storedHashIndex(0, entry.index);
    hashes.forEach((h, i) => stored.set(first + i, h));
    expected++;
  }
  return stored;
}

async function compareStoredHashes(deps: RegistryDeps, computed: Map<number, Uint8Array>): Promise<number> {
  let count = 0;
  for await (const doc of deps.models.LogHash.find({})
    .sort({ _id: 1 })
    .lean<{ _id: number; hash: string }>()
    .cursor()) {
    const want = computed.get(doc._id);
    if (!want) throw new LogVerifyError(`stored hash ${doc._id} belongs to no entry`);
    if (!sameHash(want, unb64(doc.hash)))
      throw new LogVerifyError(`stored hash ${doc._id} is not the hash the entries give`);
    count++;
  }
  if (count !== computed.size) throw new LogVerifyError(`${computed.size - count} stored hashes are missing`);
  return count;
}

async function checkCheckpoints(
  deps: RegistryDeps,
  computed: Map<number, Uint8Array>,
  entries: number,
  keys: Listed[],
): Promise<number> {
  const verifiers = keys.map((k) => ({ name: k.noteName, publicKey: k.publicKey }));
  const read: HashReader = (indexes) =>
    Promise.resolve(indexes.map((i) => computed.get(i) ?? new Uint8Array()));
  let count = 0;
  for await (const doc of deps.models.LogCheckpoint.find({}).sort({ size: 1 }).lean().cursor()) {
    const what = `checkpoint ${doc.size}`;
    if (doc.size > entries) throw new LogVerifyError(`${what}: the log has only ${entries} entries`);
    let opened;
    try {
      opened = openNote(doc.note, verifiers);
    } catch (error) {
      throw new LogVerifyError(`${what}: ${(error as Error).message}`);
    }
    if (opened.verifiedBy.length === 0) throw new LogVerifyError(`${what}: not signed by a listed key`);
    const checkpoint = parseCheckpoint(opened.text);
    const root = await treeHash(doc.size, read);
    if (
      checkpoint.size !== doc.size ||
      !sameHash(checkpoint.rootHash, root) ||
      !sameHash(unb64(doc.rootHash), root)
    )
      throw new LogVerifyError(`${what}: its root hash is not the root of the first ${doc.size} entries`);
    count++;
  }
  return count;
}

export async function verifyLog(deps: RegistryDeps): Promise<LogVerification> {
  const keys: Listed[] = (await deps.models.SigningKey.find({}).lean()).map((k) => ({
    keyid: k.keyid,
    publicKey: unb64(k.key),
    noteName: k.noteName,
  }));
  const computed = await recomputeTree(deps, keys);
  const entries = await deps.models.LogEntry.countDocuments();
  const hashes = await compareStoredHashes(deps, computed);
  const checkpoints = await checkCheckpoints(deps, computed, entries, keys);
  return { entries, hashes, checkpoints };
}
