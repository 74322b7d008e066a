// The hot-read path (src/rest/hot-reads.ts) in front of Express: a plain read of a package
// document or version record is answered without Express (built on a miss, then cached), with
// the very bytes and headers Express sends for the same request; publishes are seen at once;
// the rate limit counts each request once; every other request (errors, HEAD, encoded or odd
// paths) is Express's. Which path answered is read from the request log line (`hot: true`), as
// an operator would.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPackage, publishArchive, publishAsNewOwner } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Limits count in fixed one-minute windows: a frozen clock keeps every request of the test in
// one window however slow the machine is.
const MID_WINDOW = () => new Date(Date.UTC(2026, 0, 1, 12, 0, 30));

const WEATHER = { namespace: 'acme', name: 'weather', version: '1.0.0' };
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await publishAsNewOwner(server, WEATHER);
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests and drops Host. */
function request(base: string, path: string, headers: Record<string, string>, method: string) {
  return new Promise<Answer>((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      })
      .on('error', reject)
      .end();
  });
}

/** A request with a request id of our own, and whether the hot path answered it (from the log). */
async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const id = `t-${Math.random().toString(36).slice(2)}`;
  const res = await request(server.url, path, { 'x-request-id': id, ...headers }, method);
  const line = server.logs.find((l) => l.requestId === id && l.msg === 'request');
  return { res, body: res.body, id, hot: line?.hot === true, logged: line !== undefined };
}

/** Every header but those that differ per request by design. */
function stableHeaders(res: Answer): Record<string, unknown> {
  const { date: _date, 'x-request-id': _id, 'ratelimit-remaining': _left, ...rest } = res.headers;
  return rest;
}

describe.each([
  ['package document', '/packages/acme/weather'],
  ['version record', '/packages/acme/weather/1.0.0'],
])('%s', (_what, path) => {
  test('plain reads, the first (built) and the next (cached), are answered by the hot path with the bytes and headers Express sends', async () => {
    // the same route through Express: paths match case-insensitively there, never on the hot path
    const viaExpress = await get(path.replace('/packages/', '/Packages/'));
    const first = await get(path);
    const second = await get(path);
    for (const answer of [viaExpress, first, second]) {
      expect(answer.res.status).toBe(200);
      expect(answer.logged).toBe(true);
    }
    expect([viaExpress.hot, first.hot, second.hot]).toEqual([false, true, true]);
    expect(first.body).toBe(viaExpress.body);
    expect(second.body).toBe(viaExpress.body);
    expect(stableHeaders(first.res)).toEqual(stableHeaders(viaExpress.res));
    expect(stableHeaders(second.res)).toEqual(stableHeaders(viaExpress.res));
    expect(second.res.headers['x-request-id']).toBe(second.id);
    expect(second.res.headers['access-control-allow-origin']).toBe('*');
    expect(second.res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  test('a read before anything was cached is built by the hot path too', async () => {
    const fresh = await startTestServer();
    try {
      await publishAsNewOwner(fresh, WEATHER);
      const id = `t-${Math.random().toString(36).slice(2)}`;
      const res = await request(fresh.url, path, { 'x-request-id': id }, 'GET');
      expect(res.status).toBe(200);
      expect(fresh.logs.find((l) => l.requestId === id && l.msg === 'request')?.hot).toBe(true);
      const viaExpress = await request(fresh.url, path.replace('/packages/', '/PACKAGES/'), {}, 'GET');
      expect(res.body).toBe(viaExpress.body);
      expect(res.headers.etag).toBe(viaExpress.headers.etag);
    } finally {
      await fresh.close();
    }
  });

  test('If-None-Match with the ETag is 304 with no body, as Express answers it', async () => {
    const etag = (await get(path)).res.headers.etag ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]+-/);
    const revalidated = await get(path, { 'if-none-match': etag });
    expect(revalidated.hot).toBe(true);
    expect(revalidated.res.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.res.headers.etag).toBe(etag);
    const other = await get(path, { 'if-none-match': 'W/"1-nope"' });
    expect(other.res.status).toBe(200);
  });

  test.each([
    ['a trailing slash', `${path}/`],
    ['percent-encoding', path.replace('weather', '%77eather')],
    ['upper case', path.replace('/packages/', '/PACKAGES/')],
    ['a query string', `${path}?x=1`],
  ])('a path with %s gets the same answer (from Express unless plain)', async (_form, variant) => {
    const plain = await get(path);
    const other = await get(variant);
    expect(other.res.status).toBe(200);
    expect(other.body).toBe(plain.body);
    if (!variant.includes('?')) expect(other.hot).toBe(false);
  });
});

test('HEAD is left to Express', async () => {
  await get('/packages/acme/weather');
  const head = await get('/packages/acme/weather', {}, 'HEAD');
  expect(head.res.status).toBe(200);
  expect(head.hot).toBe(false);
});

test('unknown packages and invalid names are Express answers: 404 and 400', async () => {
  const unknown = await get('/packages/acme/nothing-here');
  expect(unknown.res.status).toBe(404);
  expect(unknown.hot).toBe(false);
  expect(JSON.parse(unknown.body)).toMatchObject({ error: { code: 'NOT_FOUND' } });
  const invalid = await get('/packages/acme/weather/1.0');
  expect(invalid.res.status).toBe(400);
  expect(invalid.hot).toBe(false);
});

test('a publish is seen by the very next read, which the hot path then serves again', async () => {
  await get('/packages/acme/weather');
  expect((await get('/packages/acme/weather')).hot).toBe(true);
  const next = await buildPackage({ namespace: 'acme', name: 'weather', version: '1.1.0' });
  expect((await publishArchive(server.url, token, next.bytes)).status).toBe(201);
  const after = await get('/packages/acme/weather');
  expect(after.hot).toBe(true);
  expect(JSON.parse(after.body)).toMatchObject({ latest: '1.1.0' });
  const again = await get('/packages/acme/weather');
  expect(again.hot).toBe(true);
  expect(again.body).toBe(after.body);
});

/** `artifact.url` of the version record read from `target` by Express, then twice by the hot path. */
async function artifactUrls(target: TestServer, headers: Record<string, string>) {
  const urls = [];
  for (const path of [
    '/PACKAGES/acme/weather/1.0.0',
    '/packages/acme/weather/1.0.0',
    '/packages/acme/weather/1.0.0',
  ]) {
    const id = `t-${Math.random().toString(36).slice(2)}`;
    const res = await request(target.url, path, { 'x-request-id': id, ...headers }, 'GET');
    const line = target.logs.find((l) => l.requestId === id && l.msg === 'request');
    urls.push({
      hot: line?.hot === true,
      url: (JSON.parse(res.body) as { artifact: { url: string } }).artifact.url,
    });
  }
  return urls;
}

test('the version record names the origin the request came to, on both paths', async () => {
  // No trusted proxy: X-Forwarded-Proto is ignored, as Express ignores it.
  const urls = await artifactUrls(server, { host: 'registry.example:8443', 'x-forwarded-proto': 'https' });
  expect(urls.map((u) => u.hot)).toEqual([false, true, true]);
  for (const { url } of urls) {
    expect(url).toMatch(
      /^http:\/\/registry\.example:8443\/artifacts\/[0-9a-f]{64}\/acme-weather-1\.0\.0\.tar\.gz$/,
    );
  }
});

test('behind a trusted proxy, both paths take the protocol from X-Forwarded-Proto', async () => {
  const proxied = await startTestServer({ env: { PKG_TRUST_PROXY: 'loopback' } });
  try {
    await publishAsNewOwner(proxied, WEATHER);
    const urls = await artifactUrls(proxied, {
      host: 'registry.example',
      'x-forwarded-proto': 'https, http',
    });
    expect(urls.map((u) => u.hot)).toEqual([false, true, true]);
    for (const { url } of urls) expect(url).toMatch(/^https:\/\/registry\.example\/artifacts\//);
  } finally {
    await proxied.close();
  }
});

test('the public rate limit counts each hot read once and refuses with 429 past it', async () => {
  // The publish below is a request of the same client: it takes the first of the four.
  const limited = await startTestServer({ env: { PKG_RATE_LIMIT_PUBLIC: '4' }, clock: MID_WINDOW });
  try {
    await publishAsNewOwner(limited, WEATHER);
    const read = () => request(limited.url, '/packages/acme/weather', {}, 'GET');
    const answers = [await read(), await read(), await read(), await read()];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers.slice(0, 3).map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    const refused = answers[3];
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused?.body ?? '')).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  } finally {
    await limited.close();
  }
});

/** The status and the header lines in the order they came, with the values that differ per request masked. */
function rawHead(base: string, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; lines: string[] }>((resolve, reject) => {
    http
      .request(`${base}${path}`, { headers }, (res) => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] ?? '';
          const masked = ['date', 'ratelimit-remaining'].includes(name.toLowerCase());
          lines.push(`${name}: ${masked ? '…' : (res.rawHeaders[i + 1] ?? '')}`);
        }
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, lines }));
      })
      .on('error', reject)
      .end();
  });
}

describe.each([
  ['off', {}],
  ['on', { PKG_RATE_LIMIT_PUBLIC: '1000' }],
])('with the rate limit %s', (_limit, env: Record<string, string>) => {
  test.each([
    ['package document', '/packages/acme/weather'],
    ['version record', '/packages/acme/weather/1.0.0'],
    ['unknown package (answered by Express after the hot path)', '/packages/acme/nothing-here'],
  ])(
    'the %s has the status and header lines of the Express path, in the same order and spelling (and so has a 304 to its ETag)',
    async (_what, path) => {
      const target = await startTestServer({ env, clock: MID_WINDOW });
      try {
        await publishAsNewOwner(target, WEATHER);
        const viaExpress = path.replace('/packages/', '/PACKAGES/');
        const id = { 'x-request-id': 'the-same-id' };
        const expressHead = await rawHead(target.url, viaExpress, id);
        const hotHead = await rawHead(target.url, path, id);
        expect(hotHead).toEqual(expressHead);
        expect(hotHead.lines).toContain('x-request-id: the-same-id');
        const etag = hotHead.lines.find((l) => l.startsWith('etag: '))?.slice('etag: '.length);
        if (etag === undefined) return; // an error has no validator to revalidate
        const conditional = { ...id, 'if-none-match': etag };
        const expressNotModified = await rawHead(target.url, viaExpress, conditional);
        const hotNotModified = await rawHead(target.url, path, conditional);
        expect(hotNotModified.status).toBe(304);
        expect(hotNotModified).toEqual(expressNotModified);
      } finally {
        await target.close();
      }
    },
  );
});
