// The website's first load (`npm run bench`, after the build): the built server (dist/main.js,
// a child process on loopback, serving web/dist, or the build in BENCH_WEB_DIR to compare two
// builds) with one published package, driven by Chromium. Prints the JavaScript transferred (the
// encoded bytes of every script response: gzip, as the server compresses for a browser) on a
// first load of `/` and of the package page, each with its target; the package page's load as
// a waterfall (each script and data request, when it started and ended, its size), and the data
// requests of a version's page; then benchmarks the time until the package page shows its
// content (SKILL.md rendered), each iteration a fresh browser context with an empty cache, and
// prints its median with the target (docs/performance.md, "The package page"). It prints
// figures; nothing here asserts a timing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Request } from 'playwright-core';
import { afterAll, bench, describe } from 'vitest';
import { buildPackage, publishArchive, runAdmin, spawnServer } from '@pkg/server/testing';
import { launchBrowser } from '../e2e/browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The targets (docs/performance.md, "The package page"). */
const TARGET_KB = 150;
const TARGET_SKILL_MD_MS = 300;
const ITERATIONS = 20;
const WARMUP = 2;
const webDir = path.resolve(process.env.BENCH_WEB_DIR ?? path.resolve(here, '../../dist'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-web-bench-'));
// No request limit: the bench makes some twenty first loads a minute, each of some thirty requests.
const server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: webDir, PKG_RATE_LIMIT_PUBLIC: '0' });
const created = await runAdmin(['user', 'create', 'alice'], { PKG_DATA_DIR: dataDir });
const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
const pack = await buildPackage({ namespace: 'alice', name: 'hello', description: 'Greets people by name.' });
const published = await publishArchive(server.url, token, pack.bytes);
if (published.status !== 201) throw new Error(`publish: ${published.status} ${await published.text()}`);
const browser = await launchBrowser();
const PACKAGE_PAGE = '/@alice/hello';
const VERSION_PAGE = '/@alice/hello/v/1.0.0';
const SKILL_MD = '[data-testid="skill-md"]';

/** One response of a load: what it was, when it started and ended (ms from navigation), its bytes. */
interface Fetched {
  kind: 'script' | 'data';
  what: string;
  start: number;
  end: number;
  bytes: number;
}

async function fetched(request: Request, kind: Fetched['kind'], origin: number): Promise<Fetched> {
  const timing = request.timing();
  const start = timing.startTime - origin;
  const sizes = await request.sizes();
  const url = new URL(request.url());
  const what =
    kind === 'script'
      ? path.basename(url.pathname)
      : `${url.pathname.replace(/^\/trpc\//, '')}${url.searchParams.has('batch') ? ' (batch)' : ''}`;
  return {
    kind,
    what,
    start,
    end: start + timing.responseEnd,
    bytes: sizes.responseBodySize,
  };
}

/**
 * Opens `pathname` in a fresh context; resolves when `selector` is visible (with the time that
 * took), or, with `settle`, once the network is idle too (so that every script of the load is
 * counted).
 */
async function firstLoad(
  pathname: string,
  selector: string,
  settle = false,
): Promise<{ context: BrowserContext; shownMs: number; responses: Fetched[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const finished: { request: Request; kind: Fetched['kind'] }[] = [];
  // The page's own request: when it started is the waterfall's zero.
  let navigation: Request | undefined;
  page.on('requestfinished', (request) => {
    if (request.isNavigationRequest()) navigation ??= request;
    else if (request.resourceType() === 'script') finished.push({ request, kind: 'script' });
    else if (new URL(request.url()).pathname.startsWith('/trpc/')) finished.push({ request, kind: 'data' });
  });
  const started = performance.now();
  await page.goto(`${server.url}${pathname}`, { waitUntil: 'commit' });
  await page.locator(selector).first().waitFor();
  const shownMs = performance.now() - started;
  if (settle) await page.waitForLoadState('networkidle');
  const origin = navigation?.timing().startTime ?? 0;
  const responses = await Promise.all(finished.map(({ request, kind }) => fetched(request, kind, origin)));
  return { context, shownMs, responses };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

const rows: string[] = [];
let waterfall: Fetched[] = [];
for (const [label, pathname, selector] of [
  ['/', '/', 'h1'],
  ['package page', PACKAGE_PAGE, SKILL_MD],
] as const) {
  const { context, responses } = await firstLoad(pathname, selector, true);
  await context.close();
  const js = responses.filter((r) => r.kind === 'script').reduce((sum, r) => sum + r.bytes, 0);
  rows.push(
    `  JavaScript transferred, first load of ${label}: ${kb(js)} KB ` +
      `(target ≤ ${TARGET_KB} KB: ${verdict(js / 1024 <= TARGET_KB)})`,
  );
  if (label === 'package page') waterfall = responses;
}
const dataRequests = waterfall.filter((r) => r.kind === 'data');
rows.push(`  Data requests of the package page (tRPC round trips): ${dataRequests.length}`);
{
  // A version's page names its version: its queries need not wait for the latest one's number.
  const { context, responses } = await firstLoad(VERSION_PAGE, SKILL_MD, true);
  await context.close();
  const data = responses.filter((r) => r.kind === 'data').length;
  rows.push(`  Data requests of a version page (tRPC round trips): ${data}`);
}
const lines = waterfall
  .sort((a, b) => a.start - b.start)
  .map(
    (r) =>
      `    ${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)} ms  ` +
      `${kb(r.bytes).padStart(7)} KB  ${r.kind.padEnd(6)} ${r.what}`,
  );
console.log(
  [
    '',
    `Website first load (gzip as sent by the server; ${webDir}):`,
    ...rows,
    '  Package page, one first load (start → end of each response, ms after navigation):',
    ...lines,
    '',
  ].join('\n'),
);

/** The time until SKILL.md shows, per iteration of the bench (the warm-up ones included). */
const shown: number[] = [];

afterAll(async () => {
  const measured = shown.slice(WARMUP).sort((a, b) => a - b);
  if (measured.length > 0) {
    const median = measured[Math.floor((measured.length - 1) / 2)] ?? NaN;
    console.log(
      `\nPackage page, time until SKILL.md shows (median of ${measured.length} first loads): ` +
        `${median.toFixed(0)} ms (target ≤ ${TARGET_SKILL_MD_MS} ms: ${verdict(median <= TARGET_SKILL_MD_MS)})\n`,
    );
  }
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('website', () => {
  bench(
    'package page: first load until its SKILL.md shows (empty cache)',
    async () => {
      const { context, shownMs } = await firstLoad(PACKAGE_PAGE, SKILL_MD);
      shown.push(shownMs);
      await context.close();
    },
    { time: 0, iterations: ITERATIONS, warmupIterations: WARMUP, warmupTime: 0 },
  );
});
