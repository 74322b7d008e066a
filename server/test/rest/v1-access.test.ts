// Who may call /v1 (docs/public-api.md, "Access"): browsers
// from the site origin only (PKG_SITE_ORIGIN), Vary: Origin on every answer, and a per-client
// limit counted in the store.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const SITE = 'https://site.example';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { PKG_SITE_ORIGIN: `${SITE}/`, PKG_RATE_LIMIT_V1: '3' } });
});
afterAll(() => server.close());

const preflight = (origin: string) =>
  fetch(`${server.url}/v1/chain`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET' },
  });

describe('/v1 access', () => {
  test('a preflight from the site origin is allowed; another origin gets no CORS headers', async () => {
    const site = await preflight(SITE);
    expect(site.status).toBe(204);
    expect(site.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(site.headers.get('access-control-allow-methods')).toContain('GET');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toMatch(/Origin/i);
  });

  test('the per-client limit: the fourth request in a minute is 429 RATE_LIMITED with Retry-After', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await fetch(`${server.url}/v1/nothing-here`, { headers: { origin: 'https://evil.example' } });
      statuses.push(last.status);
      if (i < 3) await last.body?.cancel();
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    expect(last?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await last?.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });
});
