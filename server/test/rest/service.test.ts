// What a client of the service sees at its root: GET /, GET /health, the uniform error body
// for unknown routes, malformed input and unexpected failures, and request ids.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const SECRET_DETAIL = 'connection string mongodb://admin:hunter2@db.internal';
let server: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'pkg-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>pkg</title><div id="root"></div>');
  server = await startTestServer({ env: { PKG_WEB_DIR: webDir } });
});
afterAll(async () => {
  await server.close();
  rmSync(webDir, { recursive: true, force: true });
});

const json = { accept: 'application/json' };
const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('GET /health', () => {
  test('answers ok with the API version', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ status: 'ok', apiVersion: 2 });
  });

  test('stays ok when the database is gone', async () => {
    const isolated = await startTestServer();
    await isolated.deps.db.close();
    const res = await fetch(`${isolated.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', apiVersion: 2 });
    await isolated.close();
  });
});

describe('GET /', () => {
  test('describes the service to API clients', async () => {
    const res = await fetch(`${server.url}/`, { headers: json });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'pkg registry', apiVersion: 2 });
    expect(typeof body.admin).toBe('string');
    expect(body.endpoints).toEqual(expect.arrayContaining(['GET /', 'GET /health']));
  });

  test('answers JSON to a client that sends no Accept header', async () => {
    const res = await fetch(`${server.url}/`, { headers: { accept: '' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('serves the SPA to a browser', async () => {
    const res = await fetch(`${server.url}/`, { headers: browser });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  });
});

describe('errors', () => {
  test.each(['/nope', '/packages/a/b/c/d/e/f', '/__proto__', '/constructor/prototype'])(
    'unknown route %s is a JSON 404',
    async (p) => {
      const res = await fetch(`${server.url}${p}`, { headers: json });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { code: string; message: string; details: unknown[] } };
      expect(body.error.code).toBe('NOT_FOUND');
      expect(body.error.details).toEqual([]);
    },
  );

  test('a browser gets the SPA for an unknown page, but JSON for an unknown API path', async () => {
    const page = await fetch(`${server.url}/some/page`, { headers: browser });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const api = await fetch(`${server.url}/packages/nope/x/y/z/w`, { headers: browser });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('malformed URL encoding is a 400 BAD_REQUEST', async () => {
    const res = await fetch(`${server.url}/%E0%A4%A`, { headers: json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The URL is not valid percent-encoding.', details: [] },
    });
  });

  test('malformed JSON is a 400 BAD_REQUEST', async () => {
    const res = await fetch(`${server.url}/anything`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.', details: [] },
    });
  });

  test('an unexpected failure is a 500 INTERNAL_ERROR without internal details, logged with the request id', async () => {
    const broken = await startTestServer({
      configure: (config) =>
        Object.defineProperty({ ...config }, 'PKG_ADMIN_CONTACT', {
          get() {
            throw new Error(SECRET_DETAIL);
          },
        }),
    });
    const res = await fetch(`${broken.url}/`, { headers: { ...json, 'x-request-id': 'req-500-test' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'An unexpected error occurred; the request id identifies it in the server log.',
        details: [],
      },
    });
    expect(text).not.toContain('hunter2');
    expect(broken.logs.some((l) => l.requestId === 'req-500-test' && l.level === 50)).toBe(true);
    await broken.close();
  });
});

describe('request ids', () => {
  test('every response carries one, and every log line of the request names it', async () => {
    const res = await fetch(`${server.url}/health`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = server.logs.filter((l) => l.requestId === id);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.requestId === id)).toBe(true);
  });

  test('a well-formed caller id is kept, a hostile one replaced', async () => {
    const kept = await fetch(`${server.url}/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(`${server.url}/health`, {
      headers: { 'x-request-id': 'a b\u00e9<script>' },
    });
    expect(replaced.headers.get('x-request-id')).not.toContain('script');
  });
});
