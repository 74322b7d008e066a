// The edge headers of a kept /v1 answer (docs/public-api.md): public with the endpoint's TTL, an
// ETag and Vary: Origin; and a 304 when the same URL is asked again with that ETag.
import { expect } from 'vitest';

/** Returns the 304 answer. */
export async function expectEdgeCached(res: Response, url: string, ttlSeconds: number): Promise<Response> {
  expect(res.headers.get('cache-control')).toBe(
    `public, max-age=${ttlSeconds}, s-maxage=${ttlSeconds}, stale-while-revalidate=${ttlSeconds}`,
  );
  expect(res.headers.get('vary')).toMatch(/Origin/i);
  const etag = res.headers.get('etag');
  expect(etag).toBeTruthy();
  // fetch adds `Cache-Control: no-cache` to a conditional request unless one is given.
  const again = await fetch(url, { headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' } });
  expect(again.status).toBe(304);
  return again;
}
