// The client's checks of a version (docs/trust.md, "What the CLI checks"): the registry's keys
// against the pinned ones, the version's signature over the statement rebuilt from its record,
// the signed checkpoint, its consistency with the last one seen, and the inclusion of the
// version's publish entry in the checkpoint's tree. Pure functions over the answers of the
// documented endpoints; each failure is a TrustError naming what failed.
import type { RegistryKey, RegistryKeys } from '../schemas/api/trust.js';
import type { ConsistencyProof, InclusionProof } from '../schemas/api/trust.js';
import type { VersionRecord } from '../schemas/api/version-record.js';
import { keyIdOf, verifyBytes } from './keys.js';
import { leafHash, sameHash, verifyConsistency, verifyInclusion } from './merkle.js';
import { noteKeyId, openNote, parseCheckpoint, type Checkpoint } from './note.js';
import { publishEntry, versionStatement, type Signature, type VersionFacts } from './statement.js';

export const ENDORSEMENT_HEADER = 'pkg-key-endorsement/v1';

/** What failed: the keys answer, a signature, the checkpoint, the log's history, or the inclusion. */
export type TrustFailure = 'key' | 'signature' | 'checkpoint' | 'fork' | 'inclusion';

export class TrustError extends Error {
  override name = 'TrustError';
  constructor(
    readonly failure: TrustFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A key the client trusts: its key id and the base64 of its 32 raw public key bytes. */
export interface PinnedKey {
  keyid: string;
  key: string;
}

/** The record's fields the statement and the log entry are built from. */
export type SignedRecord = Pick<
  VersionRecord,
  | 'name'
  | 'version'
  | 'integrity'
  | 'size'
  | 'publishedBy'
  | 'publishedAt'
  | 'provenance'
  | 'signatures'
  | 'log'
>;

const rawKey = (base64: string): Uint8Array => new Uint8Array(Buffer.from(base64, 'base64'));
const label = (record: SignedRecord): string => `${record.name}@${record.version}`;

/** The text an old key signs to endorse its successor (docs/trust.md, "Keys"). */
export function keyEndorsementText(keyid: string, key: string): string {
  return `${ENDORSEMENT_HEADER}\nkeyid ${keyid}\nkey ${key}\n`;
}

/** The facts of the version statement, read from a version record. */
export function versionFactsOf(record: SignedRecord): VersionFacts {
  return {
    package: record.name,
    version: record.version,
    integrity: record.integrity,
    size: record.size,
    publisher: record.publishedBy,
    publishedAt: new Date(record.publishedAt),
    provenance: record.provenance,
  };
}

// ---------------------------------------------------------------------------------------------
// Keys

export type KeyPinVerdict =
  /** Every key the registry lists is pinned. */
  | { status: 'pinned' }
  /** New keys, each endorsed by a pinned key (or by a new key so endorsed): a rotation. */
  | { status: 'endorsed'; keys: { key: RegistryKey; endorsedBy: string }[] }
  /** New keys that no pinned key endorses: a substitution, or a registry reset. */
  | { status: 'unknown'; keys: RegistryKey[] };

/** Throws unless the listed key's id and signed-note key ID are those of its bytes. */
export function checkListedKey(key: RegistryKey, origin: string): void {
  const raw = rawKey(key.key);
  if (raw.length !== 32 || keyIdOf(raw) !== key.keyid)
    throw new TrustError('key', `the registry lists key ${key.keyid} with bytes of another key id`);
  if (key.noteName !== origin || key.noteKeyId !== noteKeyId(origin, raw))
    throw new TrustError(
      'key',
      `the registry lists key ${key.keyid} with a signed-note name or key ID that is not its own`,
    );
}

function endorsementValid(key: RegistryKey, by: PinnedKey): boolean {
  if (!key.endorsedBy || key.endorsedBy.keyid !== by.keyid) return false;
  return verifyBytes(rawKey(by.key), keyEndorsementText(key.keyid, key.key), rawKey(key.endorsedBy.sig));
}

/**
 * Compares the keys answer with the pinned keys. A new key endorsed by a pinned key (directly, or
 * through a chain of endorsed new keys) is a rotation; one endorsed by nobody pinned is unknown.
 */
export function checkKeyPins(pinned: readonly PinnedKey[], answer: RegistryKeys): KeyPinVerdict {
  for (const key of answer.keys) checkListedKey(key, answer.origin);
  const trusted = new Map(pinned.map((k) => [k.keyid, k]));
  let fresh = answer.keys.filter((k) => !trusted.has(k.keyid));
  if (fresh.length === 0) return { status: 'pinned' };
  const endorsed: { key: RegistryKey; endorsedBy: string }[] = [];
  for (let progress = true; progress;) {
    progress = false;
    for (const key of fresh) {
      const by = key.endorsedBy ? trusted.get(key.endorsedBy.keyid) : undefined;
      if (!by || !endorsementValid(key, by)) continue;
      endorsed.push({ key, endorsedBy: by.keyid });
      trusted.set(key.keyid, { keyid: key.keyid, key: key.key });
      progress = true;
    }
    fresh = fresh.filter((k) => !trusted.has(k.keyid));
  }
  return fresh.length > 0 ? { status: 'unknown', keys: fresh } : { status: 'endorsed', keys: endorsed };
}

// ---------------------------------------------------------------------------------------------
// The signature

function keyHelp(keyid: string, answer: RegistryKeys | undefined, pinned: readonly PinnedKey[]): string {
  const listed = answer?.keys.find((k) => k.keyid === keyid);
  if (!listed) return `${keyid}, which is neither pinned nor listed by the registry`;
  const verdict = checkKeyPins(pinned, { origin: answer?.origin ?? '', keys: [listed] });
  if (verdict.status === 'endorsed')
    return `${keyid}, a new key endorsed by the pinned key ${verdict.keys[0]?.endorsedBy ?? ''} (a rotation: pin it with pkg trust accept)`;
  return `${keyid}, which is not pinned and no pinned key endorses`;
}

/**
 * The record's signature by a pinned key over the statement rebuilt from the record. A signature
 * by a pinned key that does not verify fails, naming it; so does a record signed by no pinned key.
 */
export function verifyVersionSignature(
  record: SignedRecord,
  pinned: readonly PinnedKey[],
  answer?: RegistryKeys,
): Signature {
  if (record.signatures.length === 0) throw new TrustError('signature', `${label(record)} is not signed`);
  const statement = versionStatement(versionFactsOf(record));
  for (const signature of record.signatures) {
    const key = pinned.find((k) => k.keyid === signature.keyid);
    if (!key) continue;
    if (!verifyBytes(rawKey(key.key), statement, rawKey(signature.sig)))
      throw new TrustError(
        'signature',
        `the signature of ${label(record)} by ${signature.keyid} does not verify: the record is not the one the registry signed`,
      );
    return signature;
  }
  const signers = record.signatures.map((s) => keyHelp(s.keyid, answer, pinned)).join('; ');
  throw new TrustError('key', `${label(record)} is signed by ${signers}`);
}

// ---------------------------------------------------------------------------------------------
// The checkpoint and the log's history

/** Opens a checkpoint note signed by a pinned key under the log's origin. */
export function verifyCheckpoint(note: string, origin: string, pinned: readonly PinnedKey[]): Checkpoint {
  let opened;
  try {
    opened = openNote(
      note,
      pinned.map((k) => ({ name: origin, publicKey: rawKey(k.key) })),
    );
  } catch (error) {
    throw new TrustError('checkpoint', `the checkpoint is not valid: ${(error as Error).message}`);
  }
  if (opened.verifiedBy.length === 0)
    throw new TrustError('checkpoint', `the checkpoint is not signed by a pinned key of ${origin}`);
  let checkpoint: Checkpoint;
  try {
    checkpoint = parseCheckpoint(opened.text);
  } catch (error) {
    throw new TrustError('checkpoint', `the checkpoint is not valid: ${(error as Error).message}`);
  }
  if (checkpoint.origin !== origin)
    throw new TrustError('checkpoint', `the checkpoint is of the log ${checkpoint.origin}, not ${origin}`);
  return checkpoint;
}

export type Consistency = 'first' | 'same' | 'extends' | 'older';

const forked = (detail: string) => new TrustError('fork', `the registry's log forked: ${detail}`);

/**
 * Checks a checkpoint against the last one seen: the same size must have the same root; between
 * two sizes the consistency proof (from the smaller tree to the larger) must hold.
 */
export function checkConsistency(
  previous: Checkpoint | undefined,
  current: Checkpoint,
  proof?: ConsistencyProof,
): Consistency {
  if (!previous) return 'first';
  if (previous.origin !== current.origin)
    throw new TrustError('checkpoint', `the checkpoint is of ${current.origin}, not ${previous.origin}`);
  if (previous.size === current.size) {
    if (sameHash(previous.rootHash, current.rootHash)) return 'same';
    throw forked(`the tree of size ${current.size} has another root than the one seen before`);
  }
  const [older, newer] = previous.size < current.size ? [previous, current] : [current, previous];
  const hashes = (proof?.proof ?? []).map(rawKey);
  const valid =
    proof !== undefined &&
    proof.from === older.size &&
    proof.to === newer.size &&
    verifyConsistency(older.size, newer.size, hashes, older.rootHash, newer.rootHash);
  if (!valid)
    throw forked(
      `no valid consistency proof that the tree of size ${newer.size} extends the tree of size ${older.size}`,
    );
  return newer === current ? 'extends' : 'older';
}

// ---------------------------------------------------------------------------------------------
// The inclusion

/** The version's publish entry, rebuilt from its record and signature, is leaf `index` of the checkpoint's tree. */
export function verifyVersionInclusion(
  record: SignedRecord,
  signature: Signature,
  inclusion: InclusionProof,
  checkpoint: Checkpoint,
): number {
  const fail = (why: string) =>
    new TrustError('inclusion', `the publish entry of ${label(record)} is not in the log: ${why}`);
  if (record.log && record.log.index !== inclusion.index)
    throw fail(`the record names entry ${record.log.index}, the proof entry ${inclusion.index}`);
  if (inclusion.treeSize !== checkpoint.size)
    throw fail(
      `the proof is for a tree of size ${inclusion.treeSize}, the checkpoint of size ${checkpoint.size}`,
    );
  const leaf = leafHash(publishEntry(versionFactsOf(record), signature));
  if (!sameHash(leaf, rawKey(inclusion.leafHash)))
    throw fail(`entry ${inclusion.index} is not the entry rebuilt from the record and its signature`);
  if (
    !verifyInclusion(inclusion.index, checkpoint.size, leaf, inclusion.proof.map(rawKey), checkpoint.rootHash)
  )
    throw fail(`the inclusion proof of entry ${inclusion.index} does not lead to the checkpoint's root`);
  return inclusion.index;
}

// ---------------------------------------------------------------------------------------------
// All of it

export interface VersionEvidence {
  /** The log's origin, as pinned. */
  origin: string;
  pinned: readonly PinnedKey[];
  /** The keys answer, to explain a signature by a key that is not pinned. */
  keys?: RegistryKeys;
  record: SignedRecord;
  /** The latest checkpoint, as a signed note. */
  checkpoint: string;
  /** The inclusion proof of the version's publish entry against that checkpoint's tree. */
  inclusion: InclusionProof;
  /** The last checkpoint seen of this registry, and the consistency proof to the new one. */
  previous?: Checkpoint;
  consistency?: ConsistencyProof;
}

export interface VersionVerdict {
  package: string;
  version: string;
  signedBy: string;
  logIndex: number;
  checkpoint: Checkpoint;
  consistency: Consistency;
}

/** The four checks of docs/trust.md, "What the CLI checks", in their order. */
export function verifyVersion(evidence: VersionEvidence): VersionVerdict {
  const { record, pinned, origin } = evidence;
  const signature = verifyVersionSignature(record, pinned, evidence.keys);
  const checkpoint = verifyCheckpoint(evidence.checkpoint, origin, pinned);
  const consistency = checkConsistency(evidence.previous, checkpoint, evidence.consistency);
  const proved = verifyCheckpoint(evidence.inclusion.checkpoint, origin, pinned);
  if (proved.size === checkpoint.size && !sameHash(proved.rootHash, checkpoint.rootHash))
    throw forked(
      `the inclusion proof's checkpoint of size ${proved.size} has another root than the latest checkpoint`,
    );
  const logIndex = verifyVersionInclusion(record, signature, evidence.inclusion, checkpoint);
  return {
    package: record.name,
    version: record.version,
    signedBy: signature.keyid,
    logIndex,
    checkpoint,
    consistency,
  };
}
