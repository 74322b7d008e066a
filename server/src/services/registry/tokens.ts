// Token values and ids: `pkg_` + 43 base62 characters (about 256 bits), `tok_` + 16.
// Only the SHA-256 of a value is ever stored.
import { createHash, randomInt } from 'node:crypto';
import { TOKEN_PREFIX } from '@pkg/shared';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base62 characters. */
export function base62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export function newTokenValue(): string {
  return `${TOKEN_PREFIX}${base62(43)}`;
}

export function newTokenId(): string {
  return `tok_${base62(16)}`;
}

export function hashToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
