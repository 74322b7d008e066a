// How a `/v1` answer goes on the wire (docs/public-api.md, "Caching"): its JSON and ETag, computed
// once per answer object, and the edge headers derived from its TTL.
import { hasFailedSection } from '../services/website/index.js';
import { weakEtag } from '../etag.js';

export interface SerializedAnswer {
  body: Buffer;
  etag: string;
  failed: boolean;
}

const serialized = new WeakMap<object, SerializedAnswer>();

/**
 * An answer as sent: its JSON, its ETag and whether a panel failed, computed once per answer
 * object (a kept answer is the same object for every request until it expires).
 */
export function serializeAnswer(value: object): SerializedAnswer {
  let sent = serialized.get(value);
  if (!sent) {
    const json = JSON.stringify(value);
    sent = { body: Buffer.from(json, 'utf8'), etag: weakEtag(json), failed: hasFailedSection(value) };
    serialized.set(value, sent);
  }
  return sent;
}

/**
 * The edge headers of a `/v1` answer from its TTL: browsers and shared caches keep it for the
 * TTL, and may serve it stale for as long again while they revalidate.
 */
export function edgeCacheControl(ttlMs: number): string {
  const s = Math.max(1, Math.round(ttlMs / 1000));
  return `public, max-age=${s}, s-maxage=${s}, stale-while-revalidate=${s}`;
}
