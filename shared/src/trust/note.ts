// Checkpoints as C2SP signed notes (c2sp.org/signed-note, c2sp.org/tlog-checkpoint; the format of
// Go's checksum database): the text, an empty line, then one line per signature,
// "— <key name> <base64(key hash || signature)>". The key hash is the signed-note key ID, the first
// 4 bytes of SHA-256(key name || "\n" || 0x01 || public key) for an Ed25519 key, which lets a
// verifier pick its key; the registry's own key id (keys.ts) names the same key in the keys
// endpoint. docs/trust.md, "Checkpoints".
import { createHash } from 'node:crypto';
import { signBytes, verifyBytes, type SigningKey } from './keys.js';

const ED25519 = 0x01;
const SIG_PREFIX = '\u2014 ';

/** The signed-note key ID of an Ed25519 key under a name, as 8 hex digits. */
export function noteKeyId(name: string, publicKey: Uint8Array): string {
  const hash = createHash('sha256')
    .update(`${name}\n`)
    .update(Uint8Array.of(ED25519))
    .update(publicKey)
    .digest();
  return hash.subarray(0, 4).toString('hex');
}

/** The signed-note verifier key: `<name>+<key ID hex>+<base64(0x01 || public key)>`. */
export function noteVerifierKey(name: string, publicKey: Uint8Array): string {
  const encoded = Buffer.concat([Uint8Array.of(ED25519), publicKey]).toString('base64');
  return `${name}+${noteKeyId(name, publicKey)}+${encoded}`;
}

export function isValidKeyName(name: string): boolean {
  return name.length > 0 && !/[\s+]/u.test(name);
}

/** Signs a note's text (which ends with a newline) under `name`. */
export function signNote(text: string, name: string, key: SigningKey): string {
  if (!text.endsWith('\n')) throw new Error('a note text ends with a newline');
  const keyHash = Buffer.from(noteKeyId(name, key.publicKey), 'hex');
  const signature = Buffer.concat([keyHash, signBytes(key, text)]).toString('base64');
  return `${text}\n${SIG_PREFIX}${name} ${signature}\n`;
}

export interface NoteVerifier {
  name: string;
  publicKey: Uint8Array;
}

export interface OpenedNote {
  text: string;
  /** The verifiers whose signature is on the note and valid. */
  verifiedBy: NoteVerifier[];
  /** Signature lines by keys the caller does not know. */
  unknown: number;
}

/**
 * Splits a signed note, checks every signature by a known key and throws on a malformed note or a
 * known key's bad signature (a forged or altered note).
 */
export function openNote(note: string, known: readonly NoteVerifier[]): OpenedNote {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n') || note.length > 1_000_000) throw new Error('malformed signed note');
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  const verifiedBy: NoteVerifier[] = [];
  let unknown = 0;
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/u.exec(line);
    if (!match) throw new Error('malformed signed note: a signature line is not "— <name> <base64>"');
    const [, name = '', encoded = ''] = match;
    const raw = Buffer.from(encoded, 'base64');
    if (raw.length < 5) throw new Error('malformed signed note: a signature is too short');
    const keyHash = raw.subarray(0, 4).toString('hex');
    const verifier = known.find((k) => k.name === name && noteKeyId(k.name, k.publicKey) === keyHash);
    if (!verifier) {
      unknown++;
      continue;
    }
    if (!verifyBytes(verifier.publicKey, text, raw.subarray(4)))
      throw new Error(`the note's signature by ${name}+${keyHash} is invalid`);
    verifiedBy.push(verifier);
  }
  return { text, verifiedBy, unknown };
}

export interface Checkpoint {
  origin: string;
  size: number;
  rootHash: Uint8Array;
}

/** The checkpoint body (c2sp.org/tlog-checkpoint): origin, tree size, base64 root hash. */
export function formatCheckpoint(checkpoint: Checkpoint): string {
  return `${checkpoint.origin}\n${checkpoint.size}\n${Buffer.from(checkpoint.rootHash).toString('base64')}\n`;
}

export function parseCheckpoint(text: string): Checkpoint {
  const lines = text.split('\n');
  const [origin = '', size = '', root = ''] = lines;
  const rootHash = Buffer.from(root, 'base64');
  if (
    !origin ||
    !/^(0|[1-9][0-9]*)$/.test(size) ||
    rootHash.length !== 32 ||
    rootHash.toString('base64') !== root
  )
    throw new Error(
      'malformed checkpoint: expected the origin, the tree size and a base64 SHA-256 root hash',
    );
  const n = Number(size);
  if (!Number.isSafeInteger(n)) throw new Error('malformed checkpoint: the tree size is too large');
  return { origin, size: n, rootHash: new Uint8Array(rootHash) };
}
