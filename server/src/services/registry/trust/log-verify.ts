// `pkg-admin log verify` (docs/trust.md, "The log"): recomputes the log from its entries' bodies
// alone and compares, entry by entry: its leaf hash, the hashes it keeps, the root of the
// checkpoint it keeps, and every checkpoint's signature and publish entry's signature by a listed
// key. The first problem found is thrown, naming it.
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

interface KeptEntry {
  index: number;
  body: string;
  leafHash: string;
  hashes?: string[];
  checkpoint?: { rootHash: string; note: string };
}

/** The checkpoint an entry keeps: signed by a listed key, of its size, with the root computed. */
function checkCheckpoint(
  size: number,
  kept: { rootHash: string; note: string },
  root: Uint8Array,
  verifiers: { name: string; publicKey: Uint8Array }[],
): void {
  const what = `checkpoint ${size}`;
  let opened;
  try {
    opened = openNote(kept.note, verifiers);
  } catch (error) {
    throw new LogVerifyError(`${what}: ${(error as Error).message}`);
  }
  if (opened.verifiedBy.length === 0) throw new LogVerifyError(`${what}: not signed by a listed key`);
  const checkpoint = parseCheckpoint(opened.text);
  if (
    checkpoint.size !== size ||
    !sameHash(checkpoint.rootHash, root) ||
    !sameHash(unb64(kept.rootHash), root)
  )
    throw new LogVerifyError(`${what}: its root hash is not the root of the first ${size} entries`);
}

export async function verifyLog(deps: RegistryDeps): Promise<LogVerification> {
  const keys: Listed[] = (await deps.models.SigningKey.find({}).lean()).map((k) => ({
    keyid: k.keyid,
    publicKey: unb64(k.key),
    noteName: k.noteName,
  }));
  const verifiers = keys.map((k) => ({ name: k.noteName, publicKey: k.publicKey }));
  const computed = new Map<number, Uint8Array>();
  const read: HashReader = (indexes) =>
    Promise.resolve(
      indexes.map((i) => {
        const h = computed.get(i);
        if (!h) throw new LogVerifyError(`stored hash ${i} is needed before it is computed`);
        return h;
      }),
    );
  const counts: LogVerification = { entries: 0, hashes: 0, checkpoints: 0 };
  for await (const entry of deps.models.LogEntry.find({}).sort({ index: 1 }).lean<KeptEntry>().cursor()) {
    const expected = counts.entries;
    if (entry.index !== expected)
      throw new LogVerifyError(`entry ${expected} is missing (the next is ${entry.index})`);
    const leaf = leafHash(entry.body);
    if (!sameHash(leaf, unb64(entry.leafHash)))
      throw new LogVerifyError(`entry ${entry.index}: its stored leaf hash is not the hash of its body`);
    checkPublishSignature(entry.index, entry.body, keys);
    const hashes = await storedHashesForLeaf(entry.index, leaf, read);
    const first = storedHashIndex(0, entry.index);
    hashes.forEach((h, i) => computed.set(first + i, h));
    if (entry.hashes) {
      if (entry.hashes.length !== hashes.length)
        throw new LogVerifyError(
          `entry ${entry.index}: keeps ${entry.hashes.length} hashes, not the ${hashes.length} it completes`,
        );
      entry.hashes.forEach((kept, i) => {
        if (!sameHash(hashes[i] as Uint8Array, unb64(kept)))
          throw new LogVerifyError(`stored hash ${first + i} is not the hash the entries give`);
      });
      counts.hashes += hashes.length;
    }
    counts.entries++;
    if (entry.checkpoint) {
      checkCheckpoint(counts.entries, entry.checkpoint, await treeHash(counts.entries, read), verifiers);
      counts.checkpoints++;
    }
  }
  return counts;
}
