// The registry as people browse it (docs/website.md, "The home page" and "The package page"): the
// built server (a child process, so its download counter starts and flushes as in production, here
// every 200 ms through PKG_DOWNLOADS_FLUSH_MS) serving the built SPA. An author publishes
// @weather/forecast 1.0.0 (no permissions) and 1.1.0 (adds a network host; its tool evaluates code),
// and the home page lists it under recently published, while its page, without downloads yet, loads
// no chart library (the chart is loaded lazily); after its artifact is downloaded over REST
// and the counts are flushed (waited for by polling packages.overview), it is listed under most
// downloaded with its count. The package page shows the count and the 90-day chart, the trust
// panel, the score's criteria, the findings and the versions tab; the 1.1.0 version page shows the
// network host it adds over 1.0.0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scaffold, type Manifest } from '@pkg/shared';
import { SCORE_CRITERIA, type RegistryOverview } from '@pkg/shared/contract';
import { buildPackage, publishArchive, runAdmin, spawnServer, type SpawnedServer } from '@pkg/server/testing';
import { launchBrowser } from './browser.js';
import { overflowsViewport, seriousViolations } from './site.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const HOST = 'api.weather.example';
const DOWNLOADS = 3;

let server: SpawnedServer;
let browser: Browser;
let dataDir: string;

/** @weather/forecast at `version`; from 1.1.0 on it declares HOST and its tool calls eval. */
async function publish(token: string, version: string): Promise<void> {
  const spec = { namespace: 'weather', name: 'forecast', version, description: 'City forecasts.' };
  const files = scaffold(spec);
  const manifest = JSON.parse(files.get('manifest.json') ?? '{}') as Manifest;
  const widened = version !== '1.0.0';
  if (widened) manifest.permissions.network = [HOST];
  const tool = [
    'export default async function hello(input) {',
    widened
      ? '  const greeting = eval("`Hello, ${input.name}!`");'
      : '  const greeting = `Hello, ${input.name}!`;',
    '  return { greeting };',
    '}',
    '',
  ].join('\n');
  const pack = await buildPackage({
    ...spec,
    files: { 'manifest.json': JSON.stringify(manifest, null, 2), 'tools/hello.js': tool },
  });
  const res = await publishArchive(server.url, token, pack.bytes);
  if (res.status !== 201) throw new Error(`publish ${version}: ${res.status} ${await res.text()}`);
}

/** packages.overview as the page reads it (a tRPC GET; superjson puts the value under `json`). */
async function overview(): Promise<RegistryOverview> {
  const res = await fetch(`${server.url}/trpc/packages.overview`);
  const body = (await res.json()) as { result: { data: { json: RegistryOverview } } };
  return body.result.data.json;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-e2e-browse-'));
  server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: webDist, PKG_DOWNLOADS_FLUSH_MS: '200' });
  const created = await runAdmin(['user', 'create', 'weather'], { PKG_DATA_DIR: dataDir });
  if (created.code !== 0) throw new Error(`pkg-admin user create: ${created.stderr}`);
  const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
  await publish(token, '1.0.0');
  await publish(token, '1.1.0');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(pathname: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${server.url}${pathname}`);
  return page;
}

/** The page once nothing says "Loading …" any more. */
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => page.getByText(/^Loading .*…$/).count(), { timeout: 20_000 }).toBe(0);
}

describe('the home page', () => {
  test('counts what the registry holds, lists the package just published, and starts with the CLI', async () => {
    const page = await open('/');
    const recent = page.getByTestId('recent');
    await recent.getByRole('link', { name: '@weather/forecast' }).waitFor();
    expect(await recent.getByRole('listitem').first().textContent()).toContain('1.1.0');
    expect(await page.getByTestId('count-packages').locator('dd').textContent()).toBe('1');
    expect(await page.getByTestId('count-versions').locator('dd').textContent()).toBe('2');
    expect(Number(await page.getByTestId('count-namespaces').locator('dd').textContent())).toBeGreaterThan(0);
    // Nothing downloaded yet: the list says so rather than showing zeros.
    await page.getByTestId('popular-empty').waitFor();
    const commands = await page.getByTestId('quick-start').locator('code').allTextContents();
    for (const command of [
      'pkg login',
      'pkg init',
      'pkg publish',
      'pkg install',
      'pkg run',
      'pkg mcp --skills',
    ])
      expect(commands.some((c) => c.startsWith(command))).toBe(true);
    await page.getByTestId('data-tools').getByRole('link', { name: 'Live' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Check the service status' }).waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await overflowsViewport(page)).toBe(false);
    await page.close();
  });

  test('before any download, the package page says so and loads no chart library', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto(`${server.url}/@weather/forecast`);
    await page.getByTestId('downloads-none').waitFor();
    expect(await page.getByTestId('package-weekly-downloads').textContent()).toBe('0 downloads this week');
    await settled(page);
    const texts = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some((js) => js.includes('recharts-wrapper'))).toBe(false);
    await page.close();
  });

  test('after downloads, lists the package under most downloaded with its count', async () => {
    for (let i = 0; i < DOWNLOADS; i++) {
      const res = await fetch(`${server.url}/packages/weather/forecast/1.1.0/download`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    // The counts reach the store on the next flush (PKG_DOWNLOADS_FLUSH_MS): poll the procedure.
    await expect
      .poll(async () => (await overview()).popular.map((p) => [p.name, p.weeklyDownloads]), {
        timeout: 15_000,
      })
      .toEqual([['@weather/forecast', DOWNLOADS]]);
    const page = await open('/');
    const popular = page.getByTestId('popular');
    await popular.getByRole('link', { name: '@weather/forecast' }).waitFor();
    expect(await popular.getByTestId('weekly-downloads').textContent()).toBe(
      `${DOWNLOADS} downloads this week`,
    );
    await page.close();
  });
});

describe('the package page', () => {
  test('shows the weekly count and the 90-day chart', async () => {
    const page = await open('/@weather/forecast');
    await expect
      .poll(() => page.getByTestId('package-weekly-downloads').textContent())
      .toBe(`${DOWNLOADS} downloads this week`);
    const chart = page.getByTestId('downloads-chart');
    await chart.locator('svg.recharts-surface').waitFor();
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.getAttribute('aria-label')).toMatch(
      new RegExp(`^Downloads per day: ${DOWNLOADS} downloads`),
    );
    // One bar a day with downloads: today's.
    expect(await chart.locator('.recharts-bar-rectangle path').count()).toBe(1);
    await page.close();
  });

  test('shows the trust panel: signature and log, where it was built, what it may touch', async () => {
    const page = await open('/@weather/forecast');
    const panel = page.getByTestId('trust-panel');
    await panel.getByRole('heading', { name: 'Trust', level: 2 }).waitFor();
    expect(await panel.getByTestId('signature-keyid').textContent()).toMatch(/^SHA256:/);
    const status = panel.locator('[data-testid="signature-status"]:not([data-status="checking"])');
    expect(await status.textContent()).toBe('✓ valid, checked in this browser');
    const log = panel.getByTestId('log-index');
    expect(await log.textContent()).toBe('1 (inclusion proof)');
    expect(await log.getByRole('link', { name: 'inclusion proof' }).getAttribute('href')).toBe(
      '/log/proof/inclusion/weather/forecast/1.1.0',
    );
    // Published with a classic token over HTTP: no build identity and no reported source.
    await panel.getByTestId('build-none').waitFor();
    expect(await panel.getByTestId('permission-badges').getByRole('listitem').allTextContents()).toEqual([
      `network: ${HOST}`,
      'no file writes',
      'no env',
    ]);
    await page.close();
  });

  test('shows the score with each criterion met or not, and the findings with file and line', async () => {
    const page = await open('/@weather/forecast');
    const criteria = page.getByTestId('score-criteria').getByRole('listitem');
    await criteria.first().waitFor();
    expect(
      await criteria.evaluateAll((items) => items.map((li) => li.getAttribute('data-criterion'))),
    ).toEqual([...SCORE_CRITERIA]);
    for (const text of await criteria.allTextContents()) expect(text).toMatch(/: (met|not met)/);
    const value = await page.getByTestId('score-value').textContent();
    expect(value).toMatch(/^\d{1,3} \/ 100$/);
    const dynamic = page.getByTestId('findings').locator('li[data-kind="dynamic-code"]');
    await dynamic.first().waitFor();
    expect(await dynamic.first().getByTestId('finding-location').textContent()).toBe('tools/hello.js:2');
    expect(await dynamic.first().locator('pre').textContent()).toContain('eval(');
    await page.close();
  });

  test('has a versions tab listing the versions with their downloads', async () => {
    const page = await open('/@weather/forecast');
    await page.getByRole('tab', { name: 'Versions' }).click();
    const versions = page.getByTestId('versions');
    await versions.waitFor();
    expect(await versions.getByRole('link').allTextContents()).toEqual(['1.1.0', '1.0.0']);
    const latest = versions.getByRole('listitem').filter({ hasText: '1.1.0' });
    await expect
      .poll(() => latest.getByTestId('version-downloads').textContent())
      .toBe(` · ${DOWNLOADS} in 90 days`);
    expect(await page.getByRole('tab', { name: 'Versions' }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  test('at 375 px wide needs no sideways scrolling, and has no serious accessibility violation', async () => {
    const page = await open('/@weather/forecast', 375);
    await page.getByTestId('downloads-chart').locator('svg').waitFor();
    await settled(page);
    expect(await overflowsViewport(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('the version page', () => {
  test('shows the network host a version adds over the version before it', async () => {
    const page = await open('/@weather/forecast/v/1.1.0');
    const diff = page.getByTestId('permission-diff');
    await diff.getByTestId('permission-diff-added').waitFor();
    expect(await diff.getByRole('link', { name: '1.0.0' }).getAttribute('href')).toBe(
      '/@weather/forecast/v/1.0.0',
    );
    expect(await diff.getByTestId('permission-diff-added').getByRole('listitem').allTextContents()).toEqual([
      `network: ${HOST}`,
    ]);
    expect(await diff.getByTestId('permission-diff-removed').textContent()).toContain('Nothing.');
    await page.close();
  });

  test('says the first version has nothing to compare with', async () => {
    const page = await open('/@weather/forecast/v/1.0.0');
    await page.getByTestId('permission-diff-first').waitFor();
    await page.close();
  });
});
