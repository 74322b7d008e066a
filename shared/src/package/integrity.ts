// SHA-256 integrity and size of artifact bytes, at once or while streaming
// (`sha256-<64 lowercase hex>`, docs/registry-api.md).
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { INTEGRITY_PATTERN } from '../schemas/names.js';

export interface IntegrityResult {
  /** `sha256-<64 lowercase hex>`. */
  integrity: string;
  /** Bytes hashed. */
  size: number;
}

/** The integrity and size of bytes held in memory. */
export function integrityOf(bytes: Uint8Array): IntegrityResult {
  return { integrity: `sha256-${createHash('sha256').update(bytes).digest('hex')}`, size: bytes.byteLength };
}

export interface IntegrityHasher {
  update(chunk: Uint8Array): void;
  /** Call once, after the last chunk. */
  digest(): IntegrityResult;
}

/** A hasher to feed chunk by chunk while bytes stream past. */
export function createIntegrityHasher(): IntegrityHasher {
  const hash = createHash('sha256');
  let size = 0;
  return {
    update(chunk) {
      hash.update(chunk);
      size += chunk.byteLength;
    },
    digest() {
      return { integrity: `sha256-${hash.digest('hex')}`, size };
    },
  };
}

/** An error raised by an integrity stream that passed its `maxBytes`. */
export class TooLargeError extends Error {
  override name = 'TooLargeError';
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/**
 * A pass-through stream that hashes and counts what flows through it. `result` resolves
 * after the last chunk; with `maxBytes`, the stream fails with TooLargeError as soon as
 * the count passes it.
 */
export function createIntegrityStream(options: { maxBytes?: number } = {}): Transform & {
  result: Promise<IntegrityResult>;
} {
  const hasher = createIntegrityHasher();
  let seen = 0;
  let resolve: (value: IntegrityResult) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const result = new Promise<IntegrityResult>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Callers that only use the stream must not see an unhandled rejection.
  result.catch(() => undefined);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.byteLength;
      if (options.maxBytes !== undefined && seen > options.maxBytes) {
        const error = new TooLargeError(options.maxBytes);
        reject(error);
        callback(error);
        return;
      }
      hasher.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      resolve(hasher.digest());
      callback();
    },
  });
  stream.on('error', (error) => reject(error));
  return Object.assign(stream, { result });
}

/** The hex digest of an integrity string, or undefined when it is not `sha256-<64 hex>`. */
export function parseIntegrity(value: string): { algorithm: 'sha256'; hex: string } | undefined {
  const hex = INTEGRITY_PATTERN.exec(value)?.[1];
  return hex ? { algorithm: 'sha256', hex } : undefined;
}
