// A version read by the dist-tag `latest` (docs/registry-api.md, "Versions by latest"): packages.version,
// files, provenance and insights, and their REST routes, answer the version the package document
// names `latest` — the highest stable version that is not yanked (latestOf) — resolved by the
// server at the package's revision, so the answer and its ETag change when a publish, a yank or an
// unyank changes `latest`. Writes and downloads still take an exact version only.
import type { VersionRecord } from '@pkg/shared';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppRouter } from '../../src/trpc/router.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let token: string;
const ref = { namespace: 'lat', name: 'tool' };

function client() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })],
  });
}

/** SKILL.md of `version`: the text says which version it is. */
const skillMd = (version: string) => `---\nname: tool\ndescription: A tool.\n---\n\n# tool ${version}\n`;

async function publish(version: string): Promise<void> {
  const files = { 'SKILL.md': skillMd(version) };
  const pkg = await buildPackage({ ...ref, version, description: 'A tool.', files });
  expect((await publishArchive(server.url, token, pkg.bytes)).status).toBe(201);
}

function call(method: string, path: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** What a reader sees of `latest` over tRPC: the record's, the files', the provenance's and the insights' versions. */
async function latestOverTrpc(): Promise<string[]> {
  const input = { ...ref, version: 'latest' };
  const [record, files, provenance, insights] = await Promise.all([
    client().packages.version.query(input),
    client().packages.files.query(input),
    client().packages.provenance.query(input),
    client().packages.insights.query(input),
  ]);
  return [record.version, files.version, provenance.version, insights.version];
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await createUser(server.deps.registry, 'lat')).token.token;
  for (const version of ['1.0.0', '1.1.0', '2.0.0-beta.1']) await publish(version);
});
afterAll(() => server.close());

describe('a version read by latest', () => {
  test('answers the highest stable version, not a prerelease above it', async () => {
    expect(await latestOverTrpc()).toEqual(['1.1.0', '1.1.0', '1.1.0', '1.1.0']);
    const files = await client().packages.files.query({ ...ref, version: 'latest' });
    expect(files.skillMd).toBe(skillMd('1.1.0'));
  });

  test('over REST, the same record as the exact version, on the hot path and through Express alike', async () => {
    const exact = await fetch(`${server.url}/packages/lat/tool/1.1.0`);
    const byTag = await fetch(`${server.url}/packages/lat/tool/latest`);
    expect(byTag.status).toBe(200);
    expect(await byTag.text()).toBe(await exact.text());
    // URL-encoded, the path is not the hot path's: Express answers it, with the same record
    const encoded = await fetch(`${server.url}/packages/lat/tool/%6catest`);
    expect(((await encoded.json()) as VersionRecord).version).toBe('1.1.0');
    const provenance = await fetch(`${server.url}/packages/lat/tool/latest/provenance`);
    expect(((await provenance.json()) as { version: string }).version).toBe('1.1.0');
    const insights = await fetch(`${server.url}/packages/lat/tool/insights?version=latest`);
    expect(((await insights.json()) as { version: string }).version).toBe('1.1.0');
  });

  test('skips a yanked version, and comes back to it once unyanked', async () => {
    expect((await call('POST', '/packages/lat/tool/1.1.0/yank', { reason: 'broken build' })).status).toBe(
      200,
    );
    expect(await latestOverTrpc()).toEqual(['1.0.0', '1.0.0', '1.0.0', '1.0.0']);
    expect((await call('DELETE', '/packages/lat/tool/1.1.0/yank')).status).toBe(200);
    expect(await latestOverTrpc()).toEqual(['1.1.0', '1.1.0', '1.1.0', '1.1.0']);
  });

  test('changes after a new publish: a new body and ETag, never the cached one', async () => {
    const before = await fetch(`${server.url}/packages/lat/tool/latest`);
    const etag = before.headers.get('etag') ?? '';
    expect(((await before.json()) as VersionRecord).version).toBe('1.1.0');
    // the cached answer, revalidated before the publish: unchanged
    const unchanged = await fetch(`${server.url}/packages/lat/tool/latest`, {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(unchanged.status).toBe(304);
    await publish('1.2.0');
    const after = await fetch(`${server.url}/packages/lat/tool/latest`, {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(((await after.json()) as VersionRecord).version).toBe('1.2.0');
    expect(await latestOverTrpc()).toEqual(['1.2.0', '1.2.0', '1.2.0', '1.2.0']);
    const files = await client().packages.files.query({ ...ref, version: 'latest' });
    expect(files.skillMd).toBe(skillMd('1.2.0'));
  });

  test("is the package document's latest", async () => {
    const doc = (await (await fetch(`${server.url}/packages/lat/tool`)).json()) as { latest: string };
    const record = await client().packages.version.query({ ...ref, version: 'latest' });
    expect(record.version).toBe(doc.latest);
  });

  test('of an unknown package is 404 NOT_FOUND', async () => {
    const res = await fetch(`${server.url}/packages/lat/missing/latest`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  test.each([
    ['a download', 'GET', '/packages/lat/tool/latest/download'],
    ['a yank', 'POST', '/packages/lat/tool/latest/yank'],
  ])('%s takes an exact version only: 400 BAD_REQUEST', async (_label, method, path) => {
    const res = await call(method, path, method === 'POST' ? { reason: 'no' } : undefined);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
  });
});
