// The package page kept per package revision (docs/performance.md, "The package page, second pass:
// files sent as built"): a repeated load of a page is one read of the package's revision (no
// procedure, no render), and a publish, a yank, a deprecation or a change of the package's trusted
// publishing shows on the next load, the kept page never served after it. The downloads, which
// change without the revision, show within the downloads' flush interval. Runs against the built SPA
// and its server render (web/dist, web/dist-ssr: `npm run build -w @pkg/web`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageRenderFile } from '../../src/spa/page-render.js';
import { buildPackage, publishArchive, publishAsNewOwner } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
/** Longest flush interval: only the revision can make a kept page go, in the first describe. */
const HOUR_MS = '3600000';

beforeAll(() => {
  if (!existsSync(pageRenderFile(webDir)))
    throw new Error(
      `No server render of the SPA at ${pageRenderFile(webDir)}: run npm run build -w @pkg/web.`,
    );
});

/** The HTML of `pathname` for a browser (without the empty comments React puts between texts). */
async function html(server: TestServer, pathname: string): Promise<string> {
  const res = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html' } });
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll('<!-- -->', '');
}

/** The sum of the samples of `name` whose labels include `labels`, in the app's scrape. */
async function metric(server: TestServer, name: string, labels: Record<string, string> = {}) {
  let sum = 0;
  for (const line of (await server.deps.metrics.scrape()).split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    if (Object.entries(labels).every(([k, v]) => match[2]?.includes(`${k}="${v}"`))) sum += Number(match[3]);
  }
  return sum;
}

/** The store commands answered so far, by name. */
async function storeCommands(server: TestServer): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const line of (await server.deps.metrics.scrape()).split('\n')) {
    const match = /^pkg_store_command_duration_seconds_count\{command="([^"]+)",outcome="ok"\} (\S+)$/.exec(
      line,
    );
    if (match?.[1]) counts.set(match[1], Number(match[2]));
  }
  return counts;
}

/** The commands of `after` not in `before`, by name (none left out at 0). */
function commandsBetween(before: Map<string, number>, after: Map<string, number>) {
  return Object.fromEntries(
    [...after].map(([name, n]) => [name, n - (before.get(name) ?? 0)]).filter(([, n]) => n !== 0),
  );
}

describe('a package page kept per revision', () => {
  let server: TestServer;
  let token: string;
  const call = (method: string, pathname: string, body: unknown) =>
    fetch(`${server.url}${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer({
      env: { PKG_WEB_DIR: webDir, PKG_RATE_LIMIT_PUBLIC: '0', PKG_DOWNLOADS_FLUSH_MS: HOUR_MS },
    });
    token = await publishAsNewOwner(server, { namespace: 'kept', name: 'tool', description: 'First words.' });
  });
  afterAll(() => server.close());

  test('a repeated load is one read of the revision: the same HTML, no procedure, no render', async () => {
    const first = await html(server, '/@kept/tool');
    expect(first).toContain('First words.');
    const hits = await metric(server, 'pkg_cache_lookups_total', { cache: 'package_pages', result: 'hit' });
    const before = await storeCommands(server);
    const again = await html(server, '/@kept/tool');
    expect(commandsBetween(before, await storeCommands(server))).toEqual({ find: 1 });
    expect(again).toBe(first);
    expect(await metric(server, 'pkg_cache_lookups_total', { cache: 'package_pages', result: 'hit' })).toBe(
      hits + 1,
    );
  });

  test('a publish of a new version shows on the next load', async () => {
    expect(await html(server, '/@kept/tool')).toContain('Version 1.0.0 (latest)');
    const pack = await buildPackage({
      namespace: 'kept',
      name: 'tool',
      version: '1.1.0',
      description: 'Newer words.',
    });
    expect((await publishArchive(server.url, token, pack.bytes)).status).toBe(201);
    const after = await html(server, '/@kept/tool');
    expect(after).toContain('Version 1.1.0 (latest)');
    expect(after).toContain('Newer words.');
  });

  test('a yank shows on the next load of the version page and of the latest-version page', async () => {
    const version = await html(server, '/@kept/tool/v/1.1.0');
    expect(version).not.toContain('data-testid="yanked-banner"');
    expect((await call('POST', '/packages/kept/tool/1.1.0/yank', { reason: 'a broken build' })).status).toBe(
      200,
    );
    const yanked = await html(server, '/@kept/tool/v/1.1.0');
    expect(yanked).toContain('data-testid="yanked-banner"');
    expect(yanked).toContain('a broken build');
    // latest is the highest version not yanked again
    expect(await html(server, '/@kept/tool')).toContain('Version 1.0.0 (latest)');
    expect((await call('DELETE', '/packages/kept/tool/1.1.0/yank', {})).status).toBe(200);
    expect(await html(server, '/@kept/tool/v/1.1.0')).not.toContain('data-testid="yanked-banner"');
  });

  test('a deprecation shows on the next load', async () => {
    expect(await html(server, '/@kept/tool')).not.toContain('data-testid="deprecated-banner"');
    const deprecated = await call('PUT', '/packages/kept/tool/deprecation', {
      range: '*',
      message: 'use kept/other instead',
    });
    expect(deprecated.status).toBe(200);
    const after = await html(server, '/@kept/tool');
    expect(after).toContain('data-testid="deprecated-banner"');
    expect(after).toContain('use kept/other instead');
  });

  test('a change of its trusted publishing shows on the next load', async () => {
    expect(await html(server, '/@kept/tool')).not.toContain('data-testid="publishers-required"');
    const set = await call('POST', '/trpc/publishers.setPolicy', {
      json: { namespace: 'kept', name: 'tool', requireTrustedPublishing: true },
    });
    expect(set.status).toBe(200);
    expect(await html(server, '/@kept/tool')).toContain('data-testid="publishers-required"');
  });

  test('each URL is its own page: a version page is not the latest-version page', async () => {
    const latest = await html(server, '/@kept/tool');
    const pinned = await html(server, '/@kept/tool/v/1.0.0');
    expect(latest).toContain('Version 1.1.0 (latest)');
    expect(pinned).toContain('Version 1.0.0');
    expect(pinned).not.toContain('Version 1.1.0 (latest)');
  });
});

describe('what changes without the revision', () => {
  let server: TestServer;

  beforeAll(async () => {
    // the shortest flush interval the configuration takes: a kept page lasts as long
    server = await startTestServer({
      env: { PKG_WEB_DIR: webDir, PKG_RATE_LIMIT_PUBLIC: '0', PKG_DOWNLOADS_FLUSH_MS: '100' },
    });
    await publishAsNewOwner(server, { namespace: 'counted', name: 'tool' });
  });
  afterAll(() => server.close());

  test('downloads show once the downloads have been written, a kept page lasting no longer', async () => {
    expect(await html(server, '/@counted/tool')).toContain('0 downloads this week');
    const download = await fetch(`${server.url}/packages/counted/tool/1.0.0/download`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    // poll: the count is written at the next flush, and the page kept before it expires by then
    const deadline = Date.now() + 10_000;
    let page = '';
    while (Date.now() < deadline && !page.includes('1 download this week'))
      page = await html(server, '/@counted/tool');
    expect(page).toContain('1 download this week');
  });
});
