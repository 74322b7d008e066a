// The browser's signature check (web/src/lib/verify-signature.ts) against what the registry signs
// (shared/src/trust/, node:crypto): the statement it rebuilds with crypto.subtle is the registry's
// byte for byte, a signature by a listed key is valid, a changed record or a key listed under
// another id is invalid, and a WebCrypto without Ed25519 leaves the signature "not checked".
import { describe, expect, it } from 'vitest';
import {
  generateSigningKey,
  signBytes,
  versionFactsOf,
  versionStatement,
  type RegistryKeys,
  type SignedRecord,
  type SigningKey,
} from '@pkg/shared';
import { checkSignature, statementOf } from '../../src/lib/verify-signature';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const { subtle } = globalThis.crypto;

function record(key: SigningKey): SignedRecord {
  const publishedAt = '2026-11-27T03:30:00.123Z';
  const integrity = `sha256-${'ab'.repeat(32)}`;
  const unsigned: SignedRecord = {
    name: '@acme/clock',
    version: '1.0.0',
    integrity,
    size: 1234,
    publishedBy: 'ada',
    publishedAt,
    provenance: {
      schemaVersion: 1,
      recorded: true,
      registryApiVersion: 1,
      package: '@acme/clock',
      version: '1.0.0',
      namespace: 'acme',
      publisher: { user: 'ada', via: 'token' },
      publishedAt,
      artifact: { integrity, size: 1234, format: 'tar.gz', filename: 'clock-1.0.0.tgz' },
      manifestSha256: 'cd'.repeat(32),
      source: { repository: 'https://git.example.com/ada/clock.git', commit: 'ef'.repeat(20) },
    },
    signatures: [],
    log: { index: 0 },
  };
  const sig = b64(signBytes(key, versionStatement(versionFactsOf(unsigned))));
  return { ...unsigned, signatures: [{ keyid: key.keyid, sig }] };
}

function keysOf(key: SigningKey, keyid = key.keyid): RegistryKeys {
  return {
    origin: 'registry.test/log',
    keys: [
      {
        keyid,
        keytype: 'ed25519',
        scheme: 'ed25519',
        key: b64(key.publicKey),
        noteName: 'registry.test/log',
        noteKeyId: '00000000',
        status: 'current',
        validFrom: '2026-11-27T03:00:00.000Z',
        expires: null,
        endorsedBy: null,
      },
    ],
  };
}

describe('checkSignature', () => {
  const { key } = generateSigningKey();
  const signed = record(key);

  it('rebuilds the statement the registry signed, byte for byte', async () => {
    expect(await statementOf(subtle, signed)).toBe(versionStatement(versionFactsOf(signed)));
  });

  it('finds a signature by a listed key valid', async () => {
    expect(await checkSignature(signed, keysOf(key), subtle)).toMatchObject({
      status: 'valid',
      keyid: key.keyid,
    });
  });

  it.each([
    ['integrity', { integrity: `sha256-${'00'.repeat(32)}` }],
    ['publisher', { publishedBy: 'mallory' }],
    ['provenance', { provenance: { ...signed.provenance, source: undefined } }],
  ])('finds a record whose %s changed invalid', async (_field, change) => {
    expect(await checkSignature({ ...signed, ...change }, keysOf(key), subtle)).toMatchObject({
      status: 'invalid',
      reason: 'the record is not the one the registry signed',
    });
  });

  it('finds a key listed under another key id invalid', async () => {
    const other = generateSigningKey().key;
    const swapped = { ...signed, signatures: [{ keyid: other.keyid, sig: signed.signatures[0]?.sig ?? '' }] };
    expect(await checkSignature(swapped, keysOf(key, other.keyid), subtle)).toMatchObject({
      status: 'invalid',
      reason: 'the listed key is not the key of this id',
    });
  });

  it('says "not checked" where WebCrypto has no Ed25519', async () => {
    const noEd25519 = {
      digest: subtle.digest.bind(subtle),
      verify: subtle.verify.bind(subtle),
      importKey: () => Promise.reject(new DOMException('Ed25519 is not supported', 'NotSupportedError')),
    } as unknown as SubtleCrypto;
    expect(await checkSignature(signed, keysOf(key), noEd25519)).toMatchObject({
      status: 'unchecked',
      reason: 'this browser cannot verify Ed25519 signatures',
    });
  });

  it('says "not checked" where there is no WebCrypto at all', async () => {
    // null stands for a page without crypto.subtle (one that is not a secure context).
    expect(await checkSignature(signed, keysOf(key), null)).toMatchObject({
      status: 'unchecked',
      reason: 'this page has no WebCrypto (it needs HTTPS)',
    });
  });
});
