// The registry's transport (http.ts) against local node:http servers: the answer a caller reads,
// a request body with its length, redirects (the authorization header kept on the origin, dropped
// when a redirect leaves it, at most five), and requestsSent, which waits for the requests to
// leave, not for their answers.
import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { httpFetch, requestsSent } from './http.js';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function serve(handler: Handler) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      });
      handler(req, res, body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Server = Awaited<ReturnType<typeof serve>>;
let other: Server;
let registry: Server;
const held: ServerResponse[] = [];

beforeAll(async () => {
  other = await serve((_req, res) => res.end('elsewhere'));
  registry = await serve((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/json') {
      res.setHeader('x-pkg-integrity', 'sha256-abc');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    } else if (url.pathname === '/echo') {
      res.setHeader('x-length', req.headers['content-length'] ?? 'none');
      res.end(body);
    } else if (url.pathname === '/moved') {
      res.writeHead(302, { location: '/json' }).end();
    } else if (url.pathname === '/away') {
      res.writeHead(307, { location: `${other.url}/there` }).end();
    } else if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' }).end();
    } else if (url.pathname === '/hold') {
      held.push(res);
    } else {
      res.writeHead(404).end('no such thing');
    }
  });
});
afterAll(async () => {
  for (const res of held) res.end();
  await Promise.all([registry.close(), other.close()]);
});

describe('answers', () => {
  test('status, headers and a JSON body', async () => {
    const res = await httpFetch(`${registry.url}/json`);
    expect(res.ok).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Pkg-Integrity')).toBe('sha256-abc');
    expect(res.headers.get('x-missing')).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  test('a failure status is not ok, its body readable', async () => {
    const res = await httpFetch(`${registry.url}/nothing`);
    expect(res.ok).toBe(false);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('no such thing');
  });

  test('a body is sent with its length', async () => {
    const res = await httpFetch(`${registry.url}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new TextEncoder().encode('{"é":1}'),
    });
    expect(res.headers.get('x-length')).toBe('8'); // bytes, not characters
    expect(await res.text()).toBe('{"é":1}');
  });

  test('an unreachable registry fails with the reason, over http and https', async () => {
    await expect(httpFetch('http://127.0.0.1:1/json')).rejects.toThrow(/ECONNREFUSED/);
    await expect(httpFetch('https://127.0.0.1:1/json')).rejects.toThrow(/ECONNREFUSED/);
  });

  test('only http and https', async () => {
    await expect(httpFetch('file:///etc/passwd')).rejects.toThrow(/not an HTTP URL/);
  });
});

describe('redirects', () => {
  test('followed on the same origin with the authorization header', async () => {
    const before = registry.seen.length;
    const res = await httpFetch(`${registry.url}/moved`, { headers: { authorization: 'Bearer t' } });
    expect(await res.json()).toEqual({ ok: true });
    expect(registry.seen.slice(before).map((s) => [s.path, s.authorization])).toEqual([
      ['/moved', 'Bearer t'],
      ['/json', 'Bearer t'],
    ]);
  });

  test('to another origin without it', async () => {
    const res = await httpFetch(`${registry.url}/away`, { headers: { Authorization: 'Bearer t' } });
    expect(await res.text()).toBe('elsewhere');
    expect(other.seen.at(-1)).toMatchObject({ path: '/there', authorization: undefined });
  });

  test('at most five', async () => {
    await expect(httpFetch(`${registry.url}/loop`)).rejects.toThrow(/more than 5 redirects/);
  });
});

test('requestsSent waits for the requests to leave, not for their answers', async () => {
  const before = registry.seen.length;
  const answer = httpFetch(`${registry.url}/hold`);
  await requestsSent();
  // The request has left: the server sees it (once its socket is read) while it holds the answer.
  while (registry.seen.length === before) await new Promise((resolve) => setImmediate(resolve));
  expect(registry.seen.at(-1)?.path).toBe('/hold');
  held.shift()?.end('late');
  expect(await (await answer).text()).toBe('late');
});
