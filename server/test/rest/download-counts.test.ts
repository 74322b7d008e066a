// Download counts (docs/registry-api.md, "Download counts"): both download routes are counted per
// version and UTC day, a 304 is not a download, the counts reach download_counts at a flush, and
// GET /packages/:namespace/:name/downloads (packages.downloads) answers every day of the period,
// the total and each version's downloads. The clock is the test's, so days and periods are exact.
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PackageDownloads, VersionRecord } from '@pkg/shared';
import type { AppRouter } from '../../src/trpc/router.js';
import { weeklyDownloads } from '../../src/services/registry/downloads/package-downloads.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let now = new Date('2026-03-01T23:59:30.000Z');

beforeAll(async () => {
  // A flush only when the test asks for one (deps.registry.downloads.flush()).
  server = await startTestServer({ clock: () => now, env: { PKG_DOWNLOADS_FLUSH_MS: '3600000' } });
  const token = (await createUser(server.deps.registry, 'acme')).token.token;
  for (const version of ['1.0.0', '1.1.0', '1.10.0']) {
    const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version });
    expect((await publishArchive(server.url, token, pkg.bytes)).status).toBe(201);
  }
  const other = await buildPackage({ namespace: 'acme', name: 'quiet', version: '1.0.0' });
  expect((await publishArchive(server.url, token, other.bytes)).status).toBe(201);
});
afterAll(() => server.close());

const get = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, init);
const downloads = async (p: string) => (await (await get(p)).json()) as PackageDownloads;

async function download(version: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await get(`/packages/acme/clock/${version}/download`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
}

describe('counting', () => {
  test('both download routes count; a 304 does not; nothing is stored before a flush', async () => {
    await download('1.0.0', 3);
    const record = (await (await get('/packages/acme/clock/1.1.0')).json()) as VersionRecord;
    const direct = await get(new URL(record.artifact.url).pathname);
    expect(direct.status).toBe(200);
    await direct.arrayBuffer();
    const revalidated = await get('/packages/acme/clock/1.0.0/download', {
      headers: { 'if-none-match': `"${direct.headers.get('x-pkg-integrity') ?? ''}"` },
    });
    expect(revalidated.status).toBe(200); // another version's ETag: a download
    await revalidated.arrayBuffer();
    const notModified = await get('/packages/acme/clock/1.0.0/download', {
      headers: { 'if-none-match': revalidated.headers.get('etag') ?? '' },
    });
    expect(notModified.status).toBe(304);

    expect(await server.deps.models.DownloadCount.countDocuments({})).toBe(0);
    expect(await server.deps.registry.downloads.flush()).toBe(5);
    const rows = await server.deps.models.DownloadCount.find({}, { _id: 0 }).sort({ version: 1 }).lean();
    expect(rows).toEqual([
      { namespace: 'acme', name: 'clock', version: '1.0.0', day: '2026-03-01', count: 4 },
      { namespace: 'acme', name: 'clock', version: '1.1.0', day: '2026-03-01', count: 1 },
    ]);
  });

  test('a second flush adds to the same rows; downloads after midnight UTC count on the next day', async () => {
    await download('1.0.0', 2);
    now = new Date('2026-03-02T00:00:10.000Z');
    await download('1.10.0', 6);
    await download('1.1.0');
    expect(await server.deps.registry.downloads.flush()).toBe(9);
    expect(await server.deps.registry.downloads.flush()).toBe(0);

    const week = await downloads('/packages/acme/clock/downloads?period=last-week');
    expect(week).toEqual({
      name: '@acme/clock',
      period: 'last-week',
      start: '2026-02-24',
      end: '2026-03-02',
      total: 14,
      days: [
        { day: '2026-02-24', downloads: 0 },
        { day: '2026-02-25', downloads: 0 },
        { day: '2026-02-26', downloads: 0 },
        { day: '2026-02-27', downloads: 0 },
        { day: '2026-02-28', downloads: 0 },
        { day: '2026-03-01', downloads: 7 },
        { day: '2026-03-02', downloads: 7 },
      ],
      // Most downloaded first; a tie, the higher version first.
      versions: [
        { version: '1.10.0', downloads: 6 },
        { version: '1.0.0', downloads: 6 },
        { version: '1.1.0', downloads: 2 },
      ],
    });
    expect(await downloads('/packages/acme/clock/downloads')).toEqual(week);
  });
});

describe('the period, in UTC days', () => {
  test('last-90-days: 90 days ending today, rows outside it left out', async () => {
    const { DownloadCount } = server.deps.models;
    const row = (day: string, count: number) => ({
      namespace: 'acme',
      name: 'quiet',
      version: '1.0.0',
      day,
      count,
    });
    await DownloadCount.insertMany([
      row('2025-12-02', 100), // the day before the period
      row('2025-12-03', 1), // its first day
      row('2026-02-23', 10), // before last-week's first day
      row('2026-03-03', 1000), // tomorrow
    ]);
    const ninety = await downloads('/packages/acme/quiet/downloads?period=last-90-days');
    expect(ninety.days).toHaveLength(90);
    expect({ start: ninety.start, end: ninety.end, total: ninety.total }).toEqual({
      start: '2025-12-03',
      end: '2026-03-02',
      total: 11,
    });
    expect(ninety.days[0]).toEqual({ day: '2025-12-03', downloads: 1 });
    expect(ninety.days.filter((d) => d.downloads > 0).map((d) => d.day)).toEqual([
      '2025-12-03',
      '2026-02-23',
    ]);
    expect(ninety.versions).toEqual([{ version: '1.0.0', downloads: 11 }]);
    const week = await downloads('/packages/acme/quiet/downloads?period=last-week');
    expect(week.total).toBe(0);
    expect(week.versions).toEqual([]);
    expect(week.days.every((d) => d.downloads === 0)).toBe(true);
  });
});

describe('weeklyDownloads, for search and the package page', () => {
  test('the last 7 days of each package named, keyed @ns/name; 0 for none or an unknown package', async () => {
    const weekly = await weeklyDownloads(server.deps.registry, [
      { namespace: 'acme', name: 'clock' },
      { namespace: 'acme', name: 'quiet' },
      { namespace: 'acme', name: 'missing' },
    ]);
    expect([...weekly]).toEqual([
      ['@acme/clock', 14],
      ['@acme/quiet', 0],
      ['@acme/missing', 0],
    ]);
    expect(await weeklyDownloads(server.deps.registry, [])).toEqual(new Map());
  });
});

describe('packages.downloads', () => {
  test('the typed client gets the body of the REST route', async () => {
    const trpc = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })],
    });
    const input = { namespace: 'acme', name: 'clock', period: 'last-90-days' } as const;
    expect(await trpc.packages.downloads.query(input)).toEqual(
      await downloads('/packages/acme/clock/downloads?period=last-90-days'),
    );
  });
});

describe('errors', () => {
  test.each([
    ['an unknown package', '/packages/acme/missing/downloads', 404, 'NOT_FOUND'],
    ['an unknown period', '/packages/acme/clock/downloads?period=last-year', 400, 'BAD_REQUEST'],
    ['an invalid namespace', '/packages/Acme/clock/downloads', 400, 'BAD_REQUEST'],
    ['a URL-encoded name', '/packages/acme/%63lock/downloads', 200, undefined],
    ['a hostile name', '/packages/acme/__proto__/downloads', 400, 'BAD_REQUEST'],
  ])('%s: %s → %i', async (_what, path, status, code) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error?: { code: string; message: string } };
    expect(body.error?.code).toBe(code);
  });

  test('the message of an unknown period', async () => {
    const res = await get('/packages/acme/clock/downloads?period=forever');
    const body = (await res.json()) as { error: { message: string; details: { message: string }[] } };
    expect(body.error.details.map((d) => d.message)).toMatchInlineSnapshot(`
      [
        "period is last-week or last-90-days",
      ]
    `);
  });
});
