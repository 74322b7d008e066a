// GET /overview (packages.overview, docs/registry-api.md): what the registry holds, the packages
// published to most recently (newest first) and the packages most downloaded over the last 7 days
// (none without downloads); a package whose every version is yanked is in neither list.
import type { RegistryOverview } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
/** Each owner's token: acme and zeta own the namespaces of their names. */
const tokens = new Map<string, string>();
const tokenOf = (owner: string) => tokens.get(owner) ?? '';
/** Each publish a minute after the one before, so that "most recent" is unambiguous. */
let now = new Date('2026-05-10T08:00:00.000Z');

async function publish(namespace: string, name: string, version: string, description?: string) {
  const pkg = await buildPackage({ namespace, name, version, ...(description ? { description } : {}) });
  now = new Date(now.getTime() + 60_000);
  const res = await publishArchive(server.url, tokenOf(namespace), pkg.bytes);
  expect(res.status, await res.text()).toBe(201);
}

async function download(id: string, version: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${server.url}/packages/${id}/${version}/download`);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
}

const overview = async () => {
  const res = await fetch(`${server.url}/overview`);
  expect(res.status).toBe(200);
  return (await res.json()) as RegistryOverview;
};

beforeAll(async () => {
  server = await startTestServer({ clock: () => now, env: { PKG_DOWNLOADS_FLUSH_MS: '3600000' } });
  for (const owner of ['acme', 'zeta'])
    tokens.set(owner, (await createUser(server.deps.registry, owner)).token.token);
});
afterAll(() => server.close());

describe('GET /overview', () => {
  test('an empty registry: zeros and empty lists', async () => {
    expect(await overview()).toEqual({
      counts: { packages: 0, versions: 0, namespaces: 0 },
      recent: [],
      popular: [],
    });
  });

  test('recently published: newest first, latest and its publish time; popular: only what was downloaded', async () => {
    for (let i = 1; i <= 11; i++) await publish('acme', `tool-${i}`, '1.0.0');
    await publish('zeta', 'forecast', '0.9.0', 'Forecasts for any city.');
    await publish('zeta', 'forecast', '1.0.0', 'Forecasts for any city.');
    const body = await overview();
    expect(body.counts).toEqual({ packages: 12, versions: 13, namespaces: 2 });
    expect(body.recent.map((p) => p.name)).toEqual([
      '@zeta/forecast',
      '@acme/tool-11',
      '@acme/tool-10',
      '@acme/tool-9',
      '@acme/tool-8',
      '@acme/tool-7',
      '@acme/tool-6',
      '@acme/tool-5',
      '@acme/tool-4',
      '@acme/tool-3',
    ]);
    expect(body.recent[0]).toEqual({
      name: '@zeta/forecast',
      description: 'Forecasts for any city.',
      latest: '1.0.0',
      publishedAt: '2026-05-10T08:13:00.000Z',
      weeklyDownloads: 0,
      deprecated: null,
    });
    expect(body.popular).toEqual([]);
  });

  test('after downloads: most downloaded first, with their weekly downloads, on both lists', async () => {
    await download('acme/tool-2', '1.0.0', 5);
    await download('zeta/forecast', '0.9.0', 2);
    await download('zeta/forecast', '1.0.0', 1);
    await download('acme/tool-7', '1.0.0', 3);
    await server.deps.registry.downloads.flush();
    const body = await overview();
    expect(body.popular.map((p) => [p.name, p.weeklyDownloads])).toEqual([
      ['@acme/tool-2', 5],
      ['@acme/tool-7', 3],
      ['@zeta/forecast', 3],
    ]);
    expect(body.recent.find((p) => p.name === '@acme/tool-7')?.weeklyDownloads).toBe(3);
    expect(body.recent.find((p) => p.name === '@zeta/forecast')?.weeklyDownloads).toBe(3);
  });

  test('downloads older than 7 days no longer make a package popular', async () => {
    now = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
    await download('acme/tool-5', '1.0.0', 1);
    await server.deps.registry.downloads.flush();
    expect((await overview()).popular.map((p) => [p.name, p.weeklyDownloads])).toEqual([['@acme/tool-5', 1]]);
  });

  test('a package whose every version is yanked leaves both lists; a deprecated one shows its message', async () => {
    const yank = await fetch(`${server.url}/packages/acme/tool-5/1.0.0/yank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenOf('acme')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'reads the wrong clock' }),
    });
    expect(yank.status, await yank.text()).toBe(200);
    const deprecate = await fetch(`${server.url}/packages/zeta/forecast/deprecation`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${tokenOf('zeta')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ range: '*', message: 'use @acme/weather' }),
    });
    expect(deprecate.status, await deprecate.text()).toBe(200);
    const body = await overview();
    expect(body.popular).toEqual([]);
    expect(body.recent.map((p) => p.name)).not.toContain('@acme/tool-5');
    expect(body.recent.find((p) => p.name === '@zeta/forecast')?.deprecated).toBe('use @acme/weather');
    expect(body.counts).toEqual({ packages: 12, versions: 13, namespaces: 2 });
  });
});
