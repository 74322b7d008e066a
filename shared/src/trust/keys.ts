// The registry's signing keys (docs/trust.md, "Keys"): Ed25519 through node's crypto. A key is
// named by its key id, "SHA256:" and the unpadded base64 of the SHA-256 of its 32 raw public key
// bytes (the form of npm's registry key ids and SSH fingerprints).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import QuickLRU from 'quick-lru';

export interface SigningKey {
  readonly keyid: string;
  /** The 32 raw public key bytes. */
  readonly publicKey: Uint8Array;
  readonly privateKey: KeyObject;
}

/** Ed25519 public keys in SPKI DER are this prefix and the 32 raw bytes. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function keyIdOf(publicKey: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(publicKey).digest('base64').replace(/=+$/, '')}`;
}

/**
 * The key objects of the last public keys used, by their bytes: an install checks the record, the
 * checkpoint and the cached evidence with the same one or two keys, and each parse by OpenSSL cost
 * about 0.15 ms (7 per install; docs/performance.md, "Install from the lock, fifth pass").
 */
const keyObjects = new QuickLRU<string, KeyObject>({ maxSize: 16 });

export function publicKeyObject(raw: Uint8Array): KeyObject {
  if (raw.length !== 32) throw new Error(`an Ed25519 public key is 32 bytes, not ${raw.length}`);
  const name = Buffer.from(raw).toString('hex');
  let key = keyObjects.get(name);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    keyObjects.set(name, key);
  }
  return key;
}

function rawPublicKey(key: KeyObject): Uint8Array {
  const der = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return new Uint8Array(der.subarray(der.length - 32));
}

function signingKey(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the signing key is not an Ed25519 key');
  const publicKey = rawPublicKey(privateKey);
  return { keyid: keyIdOf(publicKey), publicKey, privateKey };
}

export function generateSigningKey(): { key: SigningKey; pem: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return { key: signingKey(privateKey), pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

/**
 * Reads a private key given as PKCS#8 PEM, or as the base64 of its PKCS#8 DER (one line, for an
 * environment variable). The message never quotes the value.
 */
export function parseSigningKey(text: string): SigningKey {
  const trimmed = text.trim();
  try {
    const privateKey = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey({ key: trimmed, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
    return signingKey(privateKey);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('the signing key')) throw error;
    throw new Error('the signing key is not an Ed25519 private key in PKCS#8 (PEM, or base64 of its DER)', {
      cause: error,
    });
  }
}

export function signBytes(key: SigningKey, message: Uint8Array | string): Uint8Array {
  return new Uint8Array(sign(null, Buffer.from(message), key.privateKey));
}

export function verifyBytes(
  publicKey: Uint8Array,
  message: Uint8Array | string,
  signature: Uint8Array,
): boolean {
  if (signature.length !== 64) return false;
  try {
    return verify(null, Buffer.from(message), publicKeyObject(publicKey), signature);
  } catch {
    return false;
  }
}
