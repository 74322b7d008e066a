// The website's first load (`npm run bench`, after the build): the built server (dist/main.js,
// a child process on loopback, serving web/dist) with one published package, driven by Chromium.
// Prints the JavaScript transferred (the encoded bytes of every script response: gzip, as the
// server compresses for a browser) on a first load of `/` and of a package page, with the
// target for `/` (under 150 KB); then benchmarks the time until the package page shows its
// content (SKILL.md rendered), each iteration a fresh browser context with an empty cache.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, bench, describe } from 'vitest';
import { buildPackage, publishArchive, runAdmin, spawnServer } from '@pkg/server/testing';
import { launchBrowser } from '../e2e/browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGET_KB = 150;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-web-bench-'));
const server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: path.resolve(here, '../../dist') });
const created = await runAdmin(['user', 'create', 'alice'], { PKG_DATA_DIR: dataDir });
const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
const pack = await buildPackage({ namespace: 'alice', name: 'hello', description: 'Greets people by name.' });
const published = await publishArchive(server.url, token, pack.bytes);
if (published.status !== 201) throw new Error(`publish: ${published.status} ${await published.text()}`);
const browser = await launchBrowser();
const PACKAGE_PAGE = '/@alice/hello';

afterAll(async () => {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Opens `pathname` in a fresh context; resolves when `selector` is visible, or, with `settle`,
 * once the network is idle too (so that every script of the load is counted).
 */
async function firstLoad(
  pathname: string,
  selector: string,
  settle = false,
): Promise<{ context: BrowserContext; js: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.sizes().then((s) => s.responseBodySize));
  });
  await page.goto(`${server.url}${pathname}`);
  await page.locator(selector).first().waitFor();
  if (settle) await page.waitForLoadState('networkidle');
  const js = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
  return { context, js };
}

const rows: string[] = [];
for (const [label, pathname, selector] of [
  ['/', '/', 'h1'],
  ['package page', PACKAGE_PAGE, '[data-testid="skill-md"]'],
] as const) {
  const { context, js } = await firstLoad(pathname, selector, true);
  await context.close();
  const kb = js / 1024;
  const verdict = label === '/' ? ` (target < ${TARGET_KB} KB: ${kb < TARGET_KB ? 'PASS' : 'FAIL'})` : '';
  rows.push(`  JavaScript transferred, first load of ${label}: ${kb.toFixed(1)} KB${verdict}`);
}
console.log(['', 'Website first load (gzip as sent by the server):', ...rows, ''].join('\n'));

describe('website', () => {
  bench(
    'package page: first load until its SKILL.md shows (empty cache)',
    async () => {
      const { context } = await firstLoad(PACKAGE_PAGE, '[data-testid="skill-md"]');
      await context.close();
    },
    { time: 5_000, warmupIterations: 2 },
  );
});
