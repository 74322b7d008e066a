// Every /v1 endpoint of V1_ENDPOINTS over HTTP against the vendor doubles (each double's payloads
// follow its vendor's documentation; see shared/test/vendors/): the edge headers of its TTL, an
// ETag with 304 on If-None-Match, Vary: Origin, CORS for the site origin only (a request and a
// preflight), its answer valid against the served OpenAPI 3.1 document, and 400 in the uniform
// error body for a bad path parameter or an unknown query parameter. A new endpoint without an
// example below fails the first test.
import { V1_ENDPOINTS, type V1Name } from '@pkg/shared';
import { GT, ROUTER, WALLET, startDoubles, type Doubles } from '@pkg/shared/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openApiCheck, type OpenApiCheck } from '../helpers/openapi-check.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const SITE = 'https://site.example';
const EXAMPLES: Record<V1Name, string> = {
  chain: '/v1/chain',
  token: '/v1/token',
  tokenLive: '/v1/token/live',
  tokenCandles: '/v1/token/candles?timeframe=hour&aggregate=4',
  pool: `/v1/pool/eth/${GT.pool}`,
  stocks: '/v1/stocks',
  filings: '/v1/filings/AAPL',
  odds: '/v1/odds',
  screener: '/v1/screener?minLiquidityUsd=1000',
  wallet: `/v1/wallet/${WALLET}`,
  contract: `/v1/contract/${ROUTER}`,
};
/** The endpoints with a path parameter, and a value of it that is not valid. */
const BAD_PATHS: [V1Name, string][] = [
  ['wallet', '/v1/wallet/0x12'],
  ['contract', '/v1/contract/not-an-address'],
  ['filings', '/v1/filings/%24%24%24'],
  ['pool', '/v1/pool/eth/0xzz'],
];

let d: Doubles;
let server: TestServer;
let openapi: OpenApiCheck;
beforeAll(async () => {
  d = await startDoubles();
  server = await startTestServer({ dataEnv: d.env, env: { PKG_SITE_ORIGIN: SITE } });
  openapi = await openApiCheck(server.url);
});
afterAll(async () => {
  await server.close();
  await d.close();
});

const template = (name: V1Name) => V1_ENDPOINTS[name].path.replace(/:(\w+)/g, '{$1}');
const names = Object.keys(V1_ENDPOINTS) as V1Name[];

describe('every /v1 endpoint', () => {
  test('has an example here, and a path in the OpenAPI 3.1 document, which validates', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...names].sort());
    expect(openapi.documentErrors).toBeUndefined();
    expect(openapi.version).toBe('3.1');
  });

  test.each(names)(
    '%s: edge headers, ETag and 304, Vary, CORS for the site only, OpenAPI-valid',
    async (name) => {
      const url = `${server.url}${EXAMPLES[name]}`;
      const res = await fetch(url, { headers: { origin: SITE } });
      expect(res.status).toBe(200);
      const body: unknown = await res.json();
      expect(openapi.answerErrors(template(name), body)).toEqual([]);
      const seconds = Math.round(V1_ENDPOINTS[name].ttlMs / 1000);
      // An answer with a failed panel is sent privately and briefly; the doubles answer every panel.
      expect(res.headers.get('cache-control')).toBe(
        `public, max-age=${seconds}, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
      );
      expect(res.headers.get('vary')).toMatch(/\bOrigin\b/i);
      expect(res.headers.get('access-control-allow-origin')).toBe(SITE);
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^W\/".+"$/);

      // A browser revalidating sends max-age=0; fetch() would otherwise add `no-cache` to a
      // conditional request, which asks for a full answer.
      const again = await fetch(url, {
        headers: { origin: SITE, 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');

      const other = await fetch(url, { headers: { origin: 'https://other.example' } });
      expect(other.status).toBe(200);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      await other.body?.cancel();

      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: 'https://other.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const sitePreflight = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: SITE, 'access-control-request-method': 'GET' },
      });
      expect(sitePreflight.status).toBe(204);
      expect(sitePreflight.headers.get('access-control-allow-origin')).toBe(SITE);
    },
  );

  test.each(BAD_PATHS)(
    '%s: an invalid path parameter is 400 in the uniform error body',
    async (_name, path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string; details: unknown[] } };
      expect(body.error.code).toBe('BAD_REQUEST');
      expect(body.error.details.length).toBeGreaterThan(0);
    },
  );

  test('an unknown query parameter is 400, naming it', async () => {
    const res = await fetch(`${server.url}/v1/chain?minLiquidity=5`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(body)).toContain('minLiquidity');
  });
});
