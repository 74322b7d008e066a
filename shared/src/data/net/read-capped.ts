// Reads a response body as text, refusing it once it passes the size cap (Limits table).
import type { Response } from 'undici';
import { NetworkGuardError } from '../errors/data-errors.js';

export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new NetworkGuardError('RESPONSE_TOO_LARGE', `${declared} bytes declared, cap ${maxBytes}`);
  }
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new NetworkGuardError('RESPONSE_TOO_LARGE', `more than ${maxBytes} bytes`);
    }
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
