// The browser's own check of a version's signature (docs/trust.md, "What is signed"): the
// statement rebuilt from the record with the contract's versionStatementText, the provenance
// digest and the key id computed with crypto.subtle's SHA-256, and the Ed25519 signature verified
// with crypto.subtle. A browser without Ed25519 in WebCrypto gets "not checked", never a verdict.
import {
  canonicalJson,
  versionStatementText,
  type RegistryKey,
  type RegistryKeys,
  type VersionRecord,
} from '@pkg/shared/contract';

export type SignatureCheck =
  /** The signature verifies with the listed key over the statement rebuilt from the record. */
  | { status: 'valid'; keyid: string; key: RegistryKey }
  /** It does not: the record is not the one the registry signed (or the key is not its id's). */
  | { status: 'invalid'; keyid: string; key: RegistryKey | undefined; reason: string }
  /** This browser cannot verify Ed25519 (or has no WebCrypto here); nothing was concluded. */
  | { status: 'unchecked'; keyid: string; key: RegistryKey | undefined; reason: string }
  /** The record carries no signature. */
  | { status: 'unsigned' };

type SignedFields = Pick<
  VersionRecord,
  'name' | 'version' | 'integrity' | 'size' | 'publishedBy' | 'publishedAt' | 'provenance' | 'signatures'
>;

const utf8 = (text: string) => new TextEncoder().encode(text);

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function sha256(subtle: SubtleCrypto, bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await subtle.digest('SHA-256', bytes));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The statement the record's signature is over, byte for byte as the registry signed it. */
export async function statementOf(subtle: SubtleCrypto, record: SignedFields): Promise<string> {
  const digest = await sha256(subtle, utf8(canonicalJson(record.provenance)));
  return versionStatementText({
    package: record.name,
    version: record.version,
    integrity: record.integrity,
    size: record.size,
    publisher: record.publishedBy,
    published: new Date(record.publishedAt).toISOString(),
    provenanceDigest: `sha256-${hex(digest)}`,
  });
}

/** `SHA256:` and the unpadded base64 of the SHA-256 of the raw key (docs/trust.md, "Keys"). */
async function keyIdOf(subtle: SubtleCrypto, raw: Uint8Array<ArrayBuffer>): Promise<string> {
  return `SHA256:${toBase64(await sha256(subtle, raw)).replace(/=+$/, '')}`;
}

async function importEd25519(subtle: SubtleCrypto, raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey | null> {
  try {
    return await subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotSupportedError') return null;
    throw error;
  }
}

/** Checks the record's first signature against the registry's listed keys. */
export async function checkSignature(
  record: SignedFields,
  keys: RegistryKeys,
  // Absent outside a secure context (a page served over plain HTTP from another host).
  subtle: SubtleCrypto | null = (globalThis.crypto as Crypto | undefined)?.subtle ?? null,
): Promise<SignatureCheck> {
  const [signature] = record.signatures;
  if (!signature) return { status: 'unsigned' };
  const { keyid } = signature;
  const key = keys.keys.find((k) => k.keyid === keyid);
  if (!subtle)
    return { status: 'unchecked', keyid, key, reason: 'this page has no WebCrypto (it needs HTTPS)' };
  if (!key) return { status: 'invalid', keyid, key, reason: 'the registry lists no key of this id' };
  const raw = fromBase64(key.key);
  if ((await keyIdOf(subtle, raw)) !== keyid)
    return { status: 'invalid', keyid, key, reason: 'the listed key is not the key of this id' };
  const cryptoKey = await importEd25519(subtle, raw);
  if (!cryptoKey)
    return { status: 'unchecked', keyid, key, reason: 'this browser cannot verify Ed25519 signatures' };
  const statement = await statementOf(subtle, record);
  const valid = await subtle.verify('Ed25519', cryptoKey, fromBase64(signature.sig), utf8(statement));
  return valid
    ? { status: 'valid', keyid, key }
    : { status: 'invalid', keyid, key, reason: 'the record is not the one the registry signed' };
}
