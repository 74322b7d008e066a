// The SPA's files sent as the build compressed them (docs/performance.md, "The package page, second
// pass: files sent as built"): a client that takes gzip gets the `.gz` twin as it is on disk, one
// that takes Brotli the `.br` twin when the build has one, any other the file itself, never
// compressed as it is sent; each with `Vary: Accept-Encoding`, the original's Content-Type, the
// cache headers of its place (a year and immutable under /assets/), its own ETag (304 on
// If-None-Match) and ranges over the bytes it sends. A minimal web dir here, with twins written by
// zlib; and the real build's scripts and stylesheet (web/dist, `npm run build -w @pkg/web`).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const builtWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 600 }, (_, i) => `word${i}`))};\n`;
const STYLE = `${Array.from({ length: 200 }, (_, i) => `.c${i} { color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; }`).join('\n')}\n`;
const CHROMIUM = 'gzip, deflate, br, zstd';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET without any decoding (fetch would decode the body and hide what was sent). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

let server: TestServer;
let webDir: string;
const file = (name: string) => readFileSync(path.join(webDir, name));

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'pkg-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>pkg</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), SCRIPT);
  // level 1, not the compression middleware's 6: a twin sent as it is has exactly these bytes
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT, { level: 1 }));
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webDir, 'assets', 'style-3c4d.css'), STYLE);
  writeFileSync(path.join(webDir, 'assets', 'style-3c4d.css.gz'), gzipSync(STYLE, { level: 1 }));
  server = await startTestServer({ env: { PKG_WEB_DIR: webDir } });
});
afterAll(async () => {
  await server.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the SPA files sent as built', () => {
  test.each([
    ['gzip', 'assets/app-1a2b.js', 'gzip', 'gzip'],
    ['gzip, deflate', 'assets/style-3c4d.css', 'gzip', 'gzip'],
    ['br', 'assets/app-1a2b.js', 'br', 'br'],
    [CHROMIUM, 'assets/app-1a2b.js', 'br', 'br'],
    // no Brotli twin: the gzip one
    [CHROMIUM, 'assets/style-3c4d.css', 'gzip', 'gzip'],
  ])('a client that takes "%s" gets %s as its %s twin, as it is', async (accept, name, encoding, ext) => {
    const res = await rawGet(`${server.url}/${name}`, { 'accept-encoding': accept });
    const original = await rawGet(`${server.url}/${name}`, { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // (a charset's name is case-insensitive: express-static-gzip writes UTF-8, serve-static utf-8)
    expect(res.headers['content-type']?.toLowerCase()).toBe(original.headers['content-type']?.toLowerCase());
    expect(res.headers['content-type']).toMatch(name.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.equals(file(`${name}.${ext === 'gzip' ? 'gz' : ext}`))).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  test.each([
    ['no Accept-Encoding', {}],
    ['identity', { 'accept-encoding': 'identity' }],
    ['deflate only (no twin of that encoding)', { 'accept-encoding': 'deflate' }],
    ['gzip refused', { 'accept-encoding': 'gzip;q=0, br;q=0' }],
  ])('a client with %s gets the file itself, not compressed as it is sent', async (_label, headers) => {
    const res = await rawGet(`${server.url}/assets/app-1a2b.js`, headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.body.toString()).toBe(SCRIPT);
  });

  test('each encoding has its own ETag, and a matching If-None-Match gets 304', async () => {
    const etags = new Set<string>();
    for (const accept of ['gzip', 'br', 'identity']) {
      const res = await rawGet(`${server.url}/assets/app-1a2b.js`, { 'accept-encoding': accept });
      const etag = String(res.headers.etag);
      etags.add(etag);
      const again = await rawGet(`${server.url}/assets/app-1a2b.js`, {
        'accept-encoding': accept,
        'if-none-match': etag,
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(etags.size).toBe(3);
    // the gzip twin's ETag does not stand for the file itself
    const gz = await rawGet(`${server.url}/assets/app-1a2b.js`, { 'accept-encoding': 'gzip' });
    const plain = await rawGet(`${server.url}/assets/app-1a2b.js`, {
      'if-none-match': String(gz.headers.etag),
    });
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  test('a range is of the bytes sent: of the twin for a gzip client, of the file for another', async () => {
    const twin = file('assets/app-1a2b.js.gz');
    const gz = await rawGet(`${server.url}/assets/app-1a2b.js`, {
      'accept-encoding': 'gzip',
      range: 'bytes=0-9',
    });
    expect(gz.status).toBe(206);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-range']).toBe(`bytes 0-9/${twin.length}`);
    expect(gz.body.equals(twin.subarray(0, 10))).toBe(true);
    const plain = await rawGet(`${server.url}/assets/app-1a2b.js`, { range: 'bytes=7-12' });
    expect(plain.status).toBe(206);
    expect(plain.headers['content-range']).toBe(`bytes 7-12/${Buffer.byteLength(SCRIPT)}`);
    expect(plain.body.toString()).toBe(SCRIPT.slice(7, 13));
  });
});

describe('the built SPA', () => {
  test('every script and the stylesheet of index.html have a gzip twin, sent as it is', async () => {
    if (!existsSync(path.join(builtWebDir, 'index.html')))
      throw new Error(`No build of the SPA at ${builtWebDir}: run npm run build -w @pkg/web.`);
    const built = await startTestServer({ env: { PKG_WEB_DIR: builtWebDir } });
    try {
      const index = readFileSync(path.join(builtWebDir, 'index.html'), 'utf8');
      const files = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
        (m) => m[1] ?? '',
      );
      expect(files.some((f) => f.endsWith('.css'))).toBe(true);
      expect(files.some((f) => f.endsWith('.js'))).toBe(true);
      for (const name of files) {
        const res = await rawGet(`${built.url}/${name}`, { 'accept-encoding': 'gzip' });
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(res.body.equals(readFileSync(path.join(builtWebDir, `${name}.gz`)))).toBe(true);
      }
    } finally {
      await built.close();
    }
  });
});
