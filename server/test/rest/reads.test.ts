// The anonymous read routes (docs/registry-api.md, "Public endpoints"): search, package, versions,
// version record, download (every header it lists for downloads), the direct artifact URL,
// provenance and namespace; 400 for invalid names and versions, 404 for unknown ones, in every name
// form.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
const archives = new Map<string, { integrity: string; size: number; bytes: Buffer }>();
/** The archive published in beforeAll under `key` (name@version). */
function archive(key: string): { integrity: string; size: number; bytes: Buffer } {
  const found = archives.get(key);
  if (!found) throw new Error(`no archive ${key} was published`);
  return found;
}

beforeAll(async () => {
  server = await startTestServer();
  const token = (await createUser(server.deps.registry, 'acme')).token.token;
  const specs = [
    { name: 'weather', version: '1.0.0', description: 'Forecasts for any city.' },
    { name: 'weather', version: '1.2.0', description: 'Forecasts for any city.' },
    { name: 'weather', version: '2.0.0-beta.1', description: 'Forecasts for any city.' },
    { name: 'weather-alerts', version: '0.1.0', description: 'Severe WEATHER warnings.' },
    { name: 'calendar', version: '3.1.4', description: 'Books meetings; knows about weather too.' },
  ];
  for (const spec of specs) {
    const pkg = await buildPackage({ namespace: 'acme', ...spec });
    expect((await publishArchive(server.url, token, pkg.bytes)).status).toBe(201);
    archives.set(`${spec.name}@${spec.version}`, pkg);
  }
});
afterAll(() => server.close());

const get = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, init);
const json = async <T>(p: string) => (await (await get(p)).json()) as T;

describe('GET /packages/search', () => {
  type Search = { query: string; results: { name: string; description: string; latest: string }[] };

  test('ranked, case-insensitive: the exact name first, a word of a name before a description', async () => {
    const body = await json<Search>('/packages/search?q=WEATHER');
    expect(body.query).toBe('WEATHER');
    expect(body.results.map((r) => r.name)).toEqual([
      '@acme/weather',
      '@acme/weather-alerts',
      '@acme/calendar',
    ]);
    expect(body).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(body.results[0]).toEqual({
      name: '@acme/weather',
      description: 'Forecasts for any city.',
      latest: '1.2.0',
      yanked: false,
      deprecated: null,
      weeklyDownloads: 0,
      verified: false,
      permissions: { fs: { read: [], write: [] }, network: [], env: [] },
      matched: ['name', 'skill'],
    });
    expect(body.results[2]).toMatchObject({ name: '@acme/calendar', matched: ['description', 'skill'] });
  });

  test('an empty query lists packages', async () => {
    expect((await json<Search>('/packages/search')).results).toHaveLength(3);
    expect((await json<Search>('/packages/search?q=')).results).toHaveLength(3);
  });

  test.each([
    ['0', 1],
    ['-5', 1],
    ['2', 2],
    ['1000', 3],
  ])('limit=%s is clamped into 1..100', async (limit, count) => {
    expect((await json<Search>(`/packages/search?limit=${limit}`)).results).toHaveLength(count);
  });

  test('a limit that is not a number is 400 BAD_REQUEST', async () => {
    const res = await get('/packages/search?limit=lots');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
  });

  test.each([
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['namespace=Not_A_Namespace', 'namespace'],
    ['no-network=yes', 'no-network'],
  ])('%s is 400 BAD_REQUEST', async (query, field) => {
    const res = await get(`/packages/search?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: unknown } };
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(body.error.details)).toContain(field);
  });

  test('the filters and pages of the query string', async () => {
    const body = await json<Search>(
      '/packages/search?q=weather&namespace=acme&no-network=1&no-env=1&limit=1&page=2',
    );
    expect(body).toMatchObject({ total: 3, page: 2, limit: 1, results: [{ name: '@acme/weather-alerts' }] });
    expect((await json<Search>('/packages/search?q=weather&verified=1')).results).toEqual([]);
    expect((await json<Search>('/packages/search?q=weather&namespace=other')).results).toEqual([]);
  });

  test('regular-expression characters are searched literally', async () => {
    expect((await json<Search>('/packages/search?q=.*')).results).toEqual([]);
  });
});

describe('package, versions and version record', () => {
  test('GET /packages/:ns/:name lists versions oldest first; latest is the highest stable', async () => {
    const body = await json<Record<string, unknown>>('/packages/acme/weather');
    expect(body).toEqual({
      name: '@acme/weather',
      namespace: 'acme',
      description: 'Forecasts for any city.',
      latest: '1.2.0',
      versions: [
        { version: '1.0.0', publishedAt: expect.any(String), yanked: null, deprecated: null },
        { version: '1.2.0', publishedAt: expect.any(String), yanked: null, deprecated: null },
        { version: '2.0.0-beta.1', publishedAt: expect.any(String), yanked: null, deprecated: null },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  test('GET /packages/:ns/:name/versions gives integrity and size of each', async () => {
    const body = await json<{ versions: { version: string; integrity: string; size: number }[] }>(
      '/packages/acme/weather/versions',
    );
    expect(body.versions.map((v) => [v.version, v.integrity, v.size])).toEqual(
      ['1.0.0', '1.2.0', '2.0.0-beta.1'].map((v) => [
        v,
        archives.get(`weather@${v}`)?.integrity,
        archives.get(`weather@${v}`)?.size,
      ]),
    );
  });

  test('GET /packages/:ns/:name/:version is the version record', async () => {
    const record = await json<
      Record<string, unknown> & { artifact: { url: string }; manifest: { version: string } }
    >('/packages/acme/weather/1.2.0');
    const { integrity, size } = archive('weather@1.2.0');
    expect(record).toMatchObject({
      name: '@acme/weather',
      version: '1.2.0',
      integrity,
      size,
      publishedBy: 'acme',
      download: '/packages/acme/weather/1.2.0/download',
      artifact: { filename: 'acme-weather-1.2.0.tar.gz', backend: 'gridfs' },
      provenance: { recorded: true, version: '1.2.0' },
    });
    expect(record.manifest.version).toBe('1.2.0');
    expect(record.artifact.url).toBe(
      `${server.url}/artifacts/${integrity.slice(7)}/acme-weather-1.2.0.tar.gz`,
    );
  });

  test('GET /namespaces/:ns', async () => {
    expect(await json('/namespaces/acme')).toEqual({
      namespace: 'acme',
      owner: 'acme',
      maintainers: [],
      reserved: false,
      packages: ['@acme/calendar', '@acme/weather', '@acme/weather-alerts'],
    });
    expect(await json('/namespaces/pkg')).toEqual({
      namespace: 'pkg',
      owner: null,
      maintainers: [],
      reserved: true,
      packages: [],
    });
  });
});

describe('downloads', () => {
  test('GET …/download streams the archive with every header of the download table', async () => {
    const { integrity, size, bytes } = archive('weather@1.0.0');
    const res = await get('/packages/acme/weather/1.0.0/download');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('x-pkg-integrity')).toBe(integrity);
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="acme-weather-1.0.0.tar.gz"');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(bytes)).toBe(true);
    expect(`sha256-${createHash('sha256').update(body).digest('hex')}`).toBe(integrity);
  });

  test('the direct artifact URL serves the same bytes and headers', async () => {
    const record = await json<{ artifact: { url: string }; integrity: string }>(
      '/packages/acme/calendar/3.1.4',
    );
    const res = await fetch(record.artifact.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-pkg-integrity')).toBe(record.integrity);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(archive('calendar@3.1.4').bytes)).toBe(true);
  });

  test.each(['/packages/acme/weather/1.0.0/download', '/artifacts/' + '0'.repeat(64) + '/x.tar.gz'])(
    'HEAD %s is 405 METHOD_NOT_ALLOWED: only GET is routed for downloads',
    async (p) => {
      const res = await get(p, { method: 'HEAD' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, OPTIONS');
    },
  );

  test('an unknown artifact is 404, a malformed address 400', async () => {
    expect((await get(`/artifacts/${'0'.repeat(64)}/x.tar.gz`)).status).toBe(404);
    expect((await get('/artifacts/not-hex/x.tar.gz')).status).toBe(400);
  });
});

describe('invalid and unknown names', () => {
  const routes = (ns: string, name: string, version = '1.0.0') => [
    `/packages/${ns}/${name}`,
    `/packages/${ns}/${name}/versions`,
    `/packages/${ns}/${name}/${version}`,
    `/packages/${ns}/${name}/${version}/download`,
    `/packages/${ns}/${name}/${version}/provenance`,
  ];

  test.each([
    ['upper case', 'ACME', 'weather'],
    ['__proto__ namespace', '__proto__', 'weather'],
    ['__proto__ name', 'acme', '__proto__'],
    ['constructor', 'acme', '-constructor'],
    ['encoded slash', 'acme', 'a%2Fb'],
    ['too long', 'a'.repeat(40), 'weather'],
  ])('%s: 400 BAD_REQUEST on every package route', async (_label, ns, name) => {
    for (const p of routes(ns, name)) {
      const res = await get(p);
      expect([p, res.status]).toEqual([p, 400]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    }
  });

  // `latest` is the one dist-tag a version read accepts (version-by-latest.test.ts); no other.
  test.each(['1.0', 'v1.0.0', '1.0.0+build.5', 'next', 'Latest', '^1.0.0'])(
    'version %s is 400 BAD_REQUEST',
    async (version) => {
      const res = await get(`/packages/acme/weather/${encodeURIComponent(version)}`);
      expect(res.status).toBe(400);
    },
  );

  test.each([
    ['plain', '/packages/acme/nothing'],
    ['URL-encoded', '/packages/%61cme/nothing'],
    ['unknown version', '/packages/acme/weather/9.9.9'],
    ['unknown version download', '/packages/acme/weather/9.9.9/download'],
    ['unknown namespace', '/namespaces/nobody'],
  ])('%s: 404 NOT_FOUND', async (_label, p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  test('a URL-encoded name reaches the same package', async () => {
    expect((await get('/packages/%61cme/weath%65r')).status).toBe(200);
  });
});

describe('conditional requests', () => {
  test('an unchanged package answers 304 to If-None-Match', async () => {
    const first = await get('/packages/acme/weather');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch would add `cache-control: no-cache` to a bare If-None-Match).
    const again = await get('/packages/acme/weather', {
      headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });
});
