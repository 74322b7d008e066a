// Reads a response body, refusing it once it passes the size cap (Limits table).
import type { Response } from 'undici';
import { NetworkGuardError } from '../errors/data-errors.js';

export async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new NetworkGuardError('RESPONSE_TOO_LARGE', `${declared} bytes declared, cap ${maxBytes}`);
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new NetworkGuardError('RESPONSE_TOO_LARGE', `more than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
