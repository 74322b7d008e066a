// Discord's request signature (docs/bots.md, "Discord"): every interaction is signed with the
// application's Ed25519 key over the X-Signature-Timestamp value followed by the raw body bytes.
// node's crypto verifies it; the 32-byte public key is wrapped in the fixed SPKI DER header.
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The DER header of an Ed25519 SubjectPublicKeyInfo (RFC 8410): the 32 key bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const PUBLIC_KEY_HEX = /^[0-9a-fA-F]{64}$/;
const SIGNATURE_HEX = /^[0-9a-fA-F]{128}$/;
const TIMESTAMP = /^\d{1,20}$/;

/** The application's public key (DISCORD_PUBLIC_KEY, 64 hex digits) as a key object. */
export function discordPublicKey(hex: string): KeyObject {
  if (!PUBLIC_KEY_HEX.test(hex)) throw new Error('DISCORD_PUBLIC_KEY must be 64 hex digits');
  return createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

/** True when both headers are well formed (checked before the body is read). */
export function signatureHeadersValid(
  timestamp: string | undefined,
  signatureHex: string | undefined,
): boolean {
  return (
    timestamp !== undefined &&
    signatureHex !== undefined &&
    TIMESTAMP.test(timestamp) &&
    SIGNATURE_HEX.test(signatureHex)
  );
}

/** True when `signatureHex` is the application's signature of `timestamp + rawBody`. */
export function verifyInteraction(
  key: KeyObject,
  timestamp: string,
  rawBody: Buffer,
  signatureHex: string,
): boolean {
  if (!signatureHeadersValid(timestamp, signatureHex)) return false;
  try {
    return verify(
      null,
      Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]),
      key,
      Buffer.from(signatureHex, 'hex'),
    );
  } catch {
    return false;
  }
}
