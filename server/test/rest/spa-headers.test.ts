// The website's security headers (docs/website.md, "Pages", embedding): every page and asset of the
// SPA carries the strict Content-Security-Policy and refuses to be framed; only `/embed/` paths may
// be framed by any site. The SPA here is a minimal web dir, so no build is needed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;connect-src 'self';" +
  "font-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'";
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A bundle-like script large enough to be compressed (over 1 KB). */
const BIG_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'pkg-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>pkg</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'export {};');
  writeFileSync(path.join(webDir, 'assets', 'big.js'), BIG_JS);
  server = await startTestServer({ env: { PKG_WEB_DIR: webDir } });
});
afterAll(async () => {
  await server.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the SPA security headers', () => {
  test.each(['/', '/no/such/page', '/@acme/tool', '/assets/app.js'])(
    '%s carries the strict policy',
    async (p) => {
      const res = await fetch(`${server.url}${p}`, { headers: browser });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    },
  );

  test('/embed/token may be framed by any site', async () => {
    const res = await fetch(`${server.url}/embed/token`, { headers: browser });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(
      CSP.replace("frame-ancestors 'none'", 'frame-ancestors *'),
    );
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  test('a path merely starting with "embed" is not an embed path', async () => {
    const res = await fetch(`${server.url}/embedded`, { headers: browser });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  test('assets are sent compressed to a client that accepts gzip, and unchanged once decoded', async () => {
    const res = await fetch(`${server.url}/assets/big.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toBe(BIG_JS);
  });

  test('the JSON APIs are not touched by the SPA compression (their answers are kept serialized)', async () => {
    const res = await fetch(`${server.url}/v1/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(1024);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
