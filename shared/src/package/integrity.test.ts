// What an installer checks: integrity strings are sha256-<hex>, the same at once or streamed,
// and a stream with a byte limit fails as soon as it passes it.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, test } from 'vitest';
import {
  TooLargeError,
  createIntegrityHasher,
  createIntegrityStream,
  integrityOf,
  parseIntegrity,
} from './integrity.js';

const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

describe('integrity', () => {
  test('the integrity of known bytes', () => {
    expect(integrityOf(Buffer.from('abc'))).toEqual({
      integrity: 'sha256-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      size: 3,
    });
  });
  test('a hasher fed chunk by chunk agrees with integrityOf', () => {
    const hasher = createIntegrityHasher();
    hasher.update(Buffer.from('a'));
    hasher.update(Buffer.from('bc'));
    expect(hasher.digest()).toEqual(integrityOf(Buffer.from('abc')));
  });
  test('a stream hashes what flows through it', async () => {
    const stream = createIntegrityStream();
    await pipeline(Readable.from([Buffer.from('a'), Buffer.from('bc')]), stream, sink());
    expect(await stream.result).toEqual(integrityOf(Buffer.from('abc')));
  });
  test('a stream with maxBytes fails once the limit is passed', async () => {
    const stream = createIntegrityStream({ maxBytes: 2 });
    await expect(pipeline(Readable.from([Buffer.from('abc')]), stream, sink())).rejects.toBeInstanceOf(
      TooLargeError,
    );
    await expect(stream.result).rejects.toBeInstanceOf(TooLargeError);
  });
  test('parseIntegrity accepts only sha256 and 64 lowercase hex digits', () => {
    const hex = 'a'.repeat(64);
    expect(parseIntegrity(`sha256-${hex}`)).toEqual({ algorithm: 'sha256', hex });
    expect(parseIntegrity(`sha256-${hex.toUpperCase()}`)).toBeUndefined();
    expect(parseIntegrity(`sha512-${hex}`)).toBeUndefined();
    expect(parseIntegrity(`sha256-${hex}0`)).toBeUndefined();
  });
});
