// Protection (docs/registry-api.md, "Public endpoints" and "Limits"): CORS on anonymous reads only,
// the per-client rate limit, and the authentication-failure block shared across processes
// through the database. A database outage is in outage.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { startSharedStore } from '../helpers/shared-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Limits count in fixed one-minute windows: a frozen clock keeps every request of the test in
// one window however slow the machine is.
const MID_WINDOW = () => new Date(Date.UTC(2026, 0, 1, 12, 0, 30));

const BAD_TOKEN = `pkg_${'0'.repeat(43)}`;

describe('CORS', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await createUser(server.deps.registry, 'cora')).token.token;
  });
  afterAll(() => server.close());

  test.each([
    '/',
    '/health',
    '/packages/search?q=x',
    '/packages/a/b',
    '/packages/a/b/1.0.0',
    '/packages/a/b/1.0.0/download',
    '/namespaces/a',
  ])('anonymous read %s: Access-Control-Allow-Origin * and a preflight', async (p) => {
    const res = await fetch(`${server.url}${p}`, {
      headers: { origin: 'https://elsewhere.example', accept: 'application/json' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${server.url}${p}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,OPTIONS');
  });

  test.each([
    ['GET', '/auth/whoami'],
    ['GET', '/auth/tokens'],
    ['POST', '/auth/tokens'],
    ['POST', '/publish'],
    ['PUT', '/namespaces/cora/maintainers/x'],
    ['OPTIONS', '/auth/whoami'],
    ['OPTIONS', '/publish'],
    ['OPTIONS', '/namespaces/cora/maintainers/x'],
  ])('authenticated route %s %s sends no CORS header at all', async (method, p) => {
    const res = await fetch(`${server.url}${p}`, {
      method,
      headers: {
        origin: 'https://elsewhere.example',
        authorization: `Bearer ${token}`,
        'access-control-request-method': 'POST',
      },
    });
    expect([...res.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });
});

describe('rate limits', () => {
  test('past the per-client limit: 429 RATE_LIMITED with Retry-After', async () => {
    const server = await startTestServer({ env: { PKG_RATE_LIMIT_PUBLIC: '5' }, clock: MID_WINDOW });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await fetch(`${server.url}/packages/search`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await fetch(`${server.url}/packages/search`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    // An orchestrator's probes and the scraper are never limited, however often they ask.
    for (const probe of ['/health', '/ready', '/metrics'])
      for (let i = 0; i < 7; i++) expect((await fetch(`${server.url}${probe}`)).status).toBe(200);
    await server.close();
  });

  test('10 failed authentications block the client on every process sharing the database', async () => {
    const store = await startSharedStore();
    const a = await startTestServer({ mongodbUri: store.uri });
    const b = await startTestServer({ mongodbUri: store.uri });
    const good = (await createUser(a.deps.registry, 'blocked-user')).token.token;
    for (let i = 0; i < 10; i++) {
      expect(
        (await fetch(`${a.url}/auth/whoami`, { headers: { authorization: `Bearer ${BAD_TOKEN}` } })).status,
      ).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/auth/whoami`, { headers: { authorization: `Bearer ${good}` } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(590);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
    expect((await fetch(`${b.url}/packages/search`)).status).toBe(200);
    await a.close();
    await b.close();
    await store.stop();
  });
});
