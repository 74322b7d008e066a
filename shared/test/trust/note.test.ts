// Signed notes against the example of Go's golang.org/x/mod/sumdb/note package documentation
// (note.go, "Example": the PeterNeumann key and note), then our own keys, checkpoints and the
// statements a version's signature and the log cover (docs/trust.md).
import { describe, expect, it } from 'vitest';
import {
  eventEntry,
  formatCheckpoint,
  generateSigningKey,
  keyIdOf,
  noteKeyId,
  noteVerifierKey,
  openNote,
  parseCheckpoint,
  parseEntry,
  parseSigningKey,
  publishEntry,
  signBytes,
  signNote,
  verifyBytes,
  versionStatement,
} from '../../src/trust/index.js';

const PETER = {
  name: 'PeterNeumann',
  // The verifier key "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW":
  // base64 of 0x01 and the 32-byte public key.
  publicKey: new Uint8Array(
    Buffer.from('ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', 'base64').subarray(1),
  ),
};
const PETER_NOTE =
  'If you think cryptography is the answer to your problem,\n' +
  "then you don't know what your problem is.\n" +
  '\n' +
  '\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n';

describe('signed notes (Go sumdb/note example)', () => {
  it('derives the published key ID and verifier key', () => {
    expect(noteKeyId(PETER.name, PETER.publicKey)).toBe('c74f20a3');
    expect(noteVerifierKey(PETER.name, PETER.publicKey)).toBe(
      'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
    );
  });

  it('opens the published note, and refuses it altered', () => {
    const opened = openNote(PETER_NOTE, [PETER]);
    expect(opened.verifiedBy).toHaveLength(1);
    expect(opened.text).toBe(PETER_NOTE.slice(0, PETER_NOTE.indexOf('\n\n') + 1));
    expect(() => openNote(PETER_NOTE.replace('answer', 'Answer'), [PETER])).toThrow(/invalid/);
    expect(openNote(PETER_NOTE, []).unknown).toBe(1);
    expect(() => openNote('no signatures\n', [PETER])).toThrow(/malformed/);
  });

  it('signs a checkpoint that opens with our key and reads back', () => {
    const { key } = generateSigningKey();
    const rootHash = new Uint8Array(32).fill(7);
    const text = formatCheckpoint({ origin: 'registry.example/log', size: 42, rootHash });
    const note = signNote(text, 'registry.example/log', key);
    const opened = openNote(note, [{ name: 'registry.example/log', publicKey: key.publicKey }]);
    expect(opened.verifiedBy).toHaveLength(1);
    expect(parseCheckpoint(opened.text)).toEqual({ origin: 'registry.example/log', size: 42, rootHash });
    expect(() => parseCheckpoint('origin\n01\nAAAA\n')).toThrow(/malformed checkpoint/);
  });
});

describe('keys', () => {
  it('round-trips a PEM and a one-line base64 DER, and names the key by its SHA-256', () => {
    const { key, pem } = generateSigningKey();
    expect(parseSigningKey(pem).keyid).toBe(key.keyid);
    const der = pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, '');
    expect(parseSigningKey(der).keyid).toBe(key.keyid);
    expect(key.keyid).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(keyIdOf(key.publicKey)).toBe(key.keyid);
    const sig = signBytes(key, 'hello');
    expect(verifyBytes(key.publicKey, 'hello', sig)).toBe(true);
    expect(verifyBytes(key.publicKey, 'hellO', sig)).toBe(false);
  });

  it('refuses what is not an Ed25519 private key, without quoting it', () => {
    expect(() => parseSigningKey('not a key at all')).toThrow(/not an Ed25519 private key/);
    try {
      parseSigningKey('c2VjcmV0LXZhbHVl');
    } catch (error) {
      expect(String(error)).not.toContain('c2VjcmV0LXZhbHVl');
    }
  });
});

describe('statements and entries', () => {
  const facts = {
    package: '@acme/hello',
    version: '1.2.0',
    integrity: `sha256-${'ab'.repeat(32)}`,
    size: 1234,
    publisher: 'alice',
    publishedAt: new Date('2026-11-27T03:00:00.000Z'),
    provenance: { b: 1, a: [1, 'x'] },
  };

  it('writes the documented statement bytes', () => {
    expect(versionStatement(facts)).toBe(
      'pkg-version-statement/v1\n' +
        'package @acme/hello\n' +
        'version 1.2.0\n' +
        `integrity sha256-${'ab'.repeat(32)}\n` +
        'size 1234\n' +
        'publisher alice\n' +
        'published 2026-11-27T03:00:00.000Z\n' +
        // SHA-256 of {"a":[1,"x"],"b":1}
        'provenance sha256-a88dede55f330dbae7d6c99cb78c43213f114625ed11c8fd0b769d117c06bb50\n',
    );
  });

  it('reads an entry back, the statement byte for byte', () => {
    const body = publishEntry(facts, { keyid: 'SHA256:x', sig: 'c2ln' });
    const parsed = parseEntry(body);
    expect(parsed.kind).toBe('publish');
    expect(parsed.statement).toBe(versionStatement(facts));
    expect(parsed.fields.signature).toBe('SHA256:x c2ln');
    const yank = parseEntry(
      eventEntry({
        kind: 'yank',
        package: '@acme/hello',
        version: '1.2.0',
        reason: 'broken',
        by: 'alice',
        at: facts.publishedAt,
      }),
    );
    expect(yank).toEqual({
      kind: 'yank',
      fields: {
        package: '@acme/hello',
        version: '1.2.0',
        reason: 'broken',
        by: 'alice',
        at: '2026-11-27T03:00:00.000Z',
      },
    });
    expect(() =>
      eventEntry({ kind: 'yank', package: 'p', version: '1', reason: 'two\nlines', by: 'a', at: new Date() }),
    ).toThrow(/line break/);
  });
});
