// An author publishes a package with the CLI (`pkg publish` in a git work tree, so the registry
// records its source repository and commit); a person finds it through the search box, reads its page (SKILL.md, tools,
// permissions, versions, provenance, maintainers), opens one version and the namespace, and meets
// the not-found page for unknown packages. The package's SKILL.md carries <script> and
// <img onerror>: nothing of it runs or becomes an element, neither from the page's data the server
// inlines into the HTML of a package URL (docs/performance.md, "The package page's first paint"):
// a first load asks for no data, a client-side navigation for one batch. Runs against the built
// server and SPA.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scaffold } from '@pkg/shared';
import { buildPackage, publishArchive, runAdmin, spawnServer, type SpawnedServer } from '@pkg/server/testing';
import { launchBrowser } from './browser.js';
import { proceduresOf, recordDataRequests } from './data-requests.js';
import { hostileSkillMd } from './hostile-skill.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../cli/dist/pkg.js');
const REPOSITORY = 'https://git.example.com/alice/hello.git';
/** The commit the second version was published from (read from the author's work tree). */
let COMMIT = '';
const skillMd = (description: string) => hostileSkillMd(description);

let server: SpawnedServer;
let browser: Browser;
let dataDir: string;
const requests: string[] = [];

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** Writes the package at `version` into the author's work tree, commits it, and runs `pkg publish`. */
function publish(workTree: string, version: string, description: string, token: string): void {
  const files = scaffold({ namespace: 'alice', name: 'hello', version, description });
  for (const [file, content] of [...files, ['SKILL.md', skillMd(description)] as const]) {
    mkdirSync(path.dirname(path.join(workTree, file)), { recursive: true });
    writeFileSync(path.join(workTree, file), content);
  }
  git(workTree, 'add', '-A');
  git(workTree, '-c', 'user.name=Alice', '-c', 'user.email=alice@example.com', 'commit', '-qm', version);
  COMMIT = git(workTree, 'rev-parse', 'HEAD');
  execFileSync(process.execPath, [CLI, 'publish', '.'], {
    cwd: workTree,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      HOME: path.join(dataDir, 'home'),
      PKG_REGISTRY: server.url,
      PKG_TOKEN: token,
    },
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-e2e-'));
  server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: webDist });
  const created = await runAdmin(['user', 'create', 'alice'], { PKG_DATA_DIR: dataDir });
  if (created.code !== 0) throw new Error(`pkg-admin user create: ${created.stderr}`);
  const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
  const workTree = path.join(dataDir, 'hello');
  mkdirSync(workTree);
  git(workTree, 'init', '-q');
  git(workTree, 'remote', 'add', 'origin', REPOSITORY);
  publish(workTree, '1.0.0', 'Greets people by name, first edition.', token);
  publish(workTree, '1.1.0', 'Greets people by name.', token);
  // a second package of the namespace, to navigate to from the first
  const wave = await buildPackage({ namespace: 'alice', name: 'wave', description: 'Waves at people.' });
  const published = await publishArchive(server.url, token, wave.bytes);
  if (published.status !== 201) throw new Error(`publish wave: ${published.status}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newPage(width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('request', (req) => requests.push(req.url()));
  return page;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('the registry pages', () => {
  test('the search box (focused with "/") finds the package and opens its page', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/status`);
    await page.getByTestId('health-status').waitFor();
    await page.keyboard.press('/');
    const box = page.getByRole('search').getByLabel('Search packages');
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('greets people');
    await page.keyboard.press('Enter');
    await page.getByTestId('search-results').waitFor();
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('greets people');
    await page.getByRole('link', { name: '@alice/hello' }).click();
    await page.getByTestId('skill-md').waitFor();
    expect(new URL(page.url()).pathname).toBe('/@alice/hello');
    expect(await h1(page)).toBe('@alice/hello');
    await page.close();
  });

  test('the package page shows its description, SKILL.md, install, tools, permissions, versions, provenance', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/@alice/hello`);
    const skill = page.getByTestId('skill-md');
    await skill.waitFor();
    expect(await page.getByTestId('description').textContent()).toBe('Greets people by name.');
    expect(await page.getByTestId('shown-version').textContent()).toBe('Version 1.1.0 (latest)');
    expect(await skill.getByRole('heading', { name: 'Hello skill' }).evaluate((el) => el.tagName)).toBe('H3');
    expect(await skill.locator('strong').textContent()).toBe('hello');
    const docs = skill.getByRole('link', { name: 'the docs' });
    expect(await docs.getAttribute('href')).toBe('https://docs.example.com/hello');
    expect(await docs.getAttribute('rel')).toContain('nofollow noopener');
    expect(await skill.getByText('bad').getAttribute('href')).not.toContain('javascript');
    expect(await skill.locator('script, img, [onerror]').count()).toBe(0);
    expect(await page.locator('[onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.getByTestId('install-command').textContent()).toBe('pkg install @alice/hello');
    await page.getByRole('button', { name: /Copy the install command/ }).waitFor();
    const tools = page.getByTestId('tools');
    await tools.getByRole('heading', { name: 'hello', exact: true }).waitFor();
    expect(await tools.getByLabel(/Input/).textContent()).toContain('"required": [\n    "name"\n  ]');
    expect(await tools.getByLabel(/Output/).textContent()).toContain('"greeting"');
    expect(await page.getByTestId('permissions-none').textContent()).toBe(
      'This package asks for no permissions.',
    );
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByTestId('versions').waitFor();
    expect(await page.getByTestId('versions').getByRole('link').allTextContents()).toEqual([
      '1.1.0',
      '1.0.0',
    ]);
    await page.getByTestId('provenance').waitFor();
    expect(await page.getByTestId('provenance-publisher').textContent()).toMatch(/^alice/);
    expect(await page.getByTestId('provenance-integrity').textContent()).toMatch(/^sha256-[0-9a-f]{64}$/);
    expect(await page.getByTestId('provenance-client').textContent()).toBe('pkg 0.1.0');
    expect(await page.getByTestId('provenance-source').textContent()).toBe(
      `${REPOSITORY} at commit ${COMMIT} (reported by the publisher, not verified)`,
    );
    const buildLine = page.getByTestId('build-line');
    expect(await buildLine.getAttribute('data-verified')).toBe('false');
    expect(await buildLine.textContent()).toBe(
      `Source ${REPOSITORY}@${COMMIT.slice(0, 7)}, reported by the publisher, not verified`,
    );
    await page.getByTestId('maintainers').waitFor();
    expect(await page.getByTestId('maintainers').textContent()).toContain('alice (owner)');
    await page.close();
  });

  test('a version page shows that version, reached from the versions list', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/@alice/hello`);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByTestId('versions').getByRole('link', { name: '1.0.0' }).click();
    await page.waitForURL(`${server.url}/@alice/hello/v/1.0.0`);
    // The URL changes before the 1.0.0 page replaces the 1.1.0 one: wait for the version shown.
    await expect
      .poll(() => page.getByTestId('shown-version').textContent())
      .toBe('Version 1.0.0 · latest is 1.1.0');
    await page.getByTestId('skill-md').waitFor();
    expect(await page.getByTestId('description').textContent()).toBe('Greets people by name, first edition.');
    expect(await page.getByTestId('install-command').textContent()).toBe('pkg install @alice/hello@1.0.0');
    await page.close();
  });

  test.each([
    ['the latest-version page', '/@alice/hello', 'Version 1.1.0 (latest)'],
    ['a version page', '/@alice/hello/v/1.0.0', 'Version 1.0.0 · latest is 1.1.0'],
  ])('%s on a first load asks for no data: it comes in the page', async (_label, url, shown) => {
    // a fresh context: nothing cached, as a link opened from elsewhere
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // every status line the page ever shows ("Loading the package…" would be a flash of another
    // page; the findings list, a chunk of its own loaded after SKILL.md, says that it loads)
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as { __statuses?: string[] }).__statuses = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('[role="status"]')) seen.push(el.textContent ?? '');
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    page.on('request', (req) => requests.push(req.url()));
    const data = recordDataRequests(page);
    await page.goto(`${server.url}${url}`);
    await page.getByTestId('skill-md').waitFor();
    expect(await page.getByTestId('shown-version').textContent()).toBe(shown);
    await page.getByTestId('provenance').waitFor();
    await page.getByTestId('tools').getByLabel(/Input/).waitFor();
    await page.getByTestId('maintainers').waitFor();
    // every request of the load has finished (the charts and findings included)
    await page.waitForLoadState('networkidle');
    expect(data).toEqual([]);
    // the data was the page's own, and the route's chunks were preloaded with the first bundle
    expect(await page.locator('script#page-data[type="application/json"]').count()).toBe(1);
    expect(await page.locator('link[rel="modulepreload"][href*="package-view-"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    const statuses = await page.evaluate(() => (window as { __statuses?: string[] }).__statuses ?? []);
    expect(statuses.filter((text) => /Loading the (package|page)/.test(text))).toEqual([]);
    await context.close();
  });

  test('a client-side navigation to another package asks for its data in one round trip; back and forward show each page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('request', (req) => requests.push(req.url()));
    await page.goto(`${server.url}/@alice/hello`);
    await page.getByTestId('skill-md').waitFor();
    await page.getByRole('heading', { level: 1 }).getByRole('link', { name: '@alice' }).click();
    await page.getByTestId('namespace-packages').getByRole('link', { name: '@alice/wave' }).waitFor();
    await page.waitForLoadState('networkidle');
    const data = recordDataRequests(page);
    await page.getByTestId('namespace-packages').getByRole('link', { name: '@alice/wave' }).click();
    await page.waitForURL(`${server.url}/@alice/wave`);
    await expect.poll(() => h1(page)).toBe('@alice/wave');
    await page.getByTestId('skill-md').waitFor();
    expect(await page.getByTestId('description').textContent()).toBe('Waves at people.');
    await page.getByTestId('provenance').waitFor();
    await page.waitForLoadState('networkidle');
    expect(data).toHaveLength(1);
    const batch = data[0];
    if (!batch) throw new Error('no data request');
    expect(proceduresOf(batch)).toEqual(
      expect.arrayContaining(['packages.get', 'packages.version', 'packages.files', 'packages.insights']),
    );
    // the version's queries name `latest`, for the server to resolve
    const input = JSON.parse(new URL(batch.url()).searchParams.get('input') ?? '{}') as Record<
      string,
      { json?: { name?: string; version?: string } }
    >;
    const versionInput = input[String(proceduresOf(batch).indexOf('packages.version'))]?.json;
    expect(versionInput).toEqual(expect.objectContaining({ name: 'wave', version: 'latest' }));
    // back to the namespace page, back to the first package, forward to the second
    await page.goBack();
    await page.getByTestId('namespace-packages').waitFor();
    await page.goBack();
    await expect.poll(() => h1(page)).toBe('@alice/hello');
    await page.getByTestId('skill-md').waitFor();
    expect(await page.getByTestId('description').textContent()).toBe('Greets people by name.');
    await page.goForward();
    await page.getByTestId('namespace-packages').waitFor();
    await page.goForward();
    await expect.poll(() => h1(page)).toBe('@alice/wave');
    expect(await page.getByTestId('description').textContent()).toBe('Waves at people.');
    await context.close();
  });

  test('the namespace page lists its packages', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/@alice`);
    await page.getByTestId('namespace-packages').waitFor();
    expect(await h1(page)).toBe('@alice');
    await page.getByTestId('namespace-packages').getByRole('link', { name: '@alice/hello' }).click();
    await page.getByTestId('skill-md').waitFor();
    await page.close();
  });

  test.each([
    ['an unknown package', '/@alice/nope'],
    ['an unknown version', '/@alice/hello/v/9.9.9'],
    ['an unknown namespace', '/@nobody'],
    ['a malformed name', '/@Alice/Hello!'],
  ])('%s shows the not-found page', async (_label, url) => {
    const page = await newPage();
    await page.goto(`${server.url}${url}`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await h1(page)).toBe('Page not found');
    await page.close();
  });

  test('at 375 px wide the package page needs no sideways scrolling', async () => {
    const page = await newPage(375);
    await page.goto(`${server.url}/@alice/hello`);
    await page.getByTestId('provenance').waitFor();
    await page.getByTestId('tools').getByLabel(/Input/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.close();
  });

  test('no request left for any origin but the server', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => new URL(url).origin !== server.url)).toEqual([]);
  });
});
