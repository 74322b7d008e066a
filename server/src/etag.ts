// Express's default ETag of a JSON body (weak: its length and SHA-1), computed once when an
// answer is cached, so that a hot read sends the same validator Express would.
import { createHash } from 'node:crypto';

export function weakEtag(body: string): string {
  const hash = createHash('sha1').update(body, 'utf8').digest('base64').substring(0, 27);
  return `W/"${Buffer.byteLength(body, 'utf8').toString(16)}-${hash}"`;
}
