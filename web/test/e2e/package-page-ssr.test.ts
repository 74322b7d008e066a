// The package page drawn by the server (docs/performance.md, "The package page rendered by the
// server"): the HTML of `/@ns/name` and `/@ns/name/v/ver` holds the page as the SPA draws it (the
// header, SKILL.md rendered by the SPA's own safe Markdown renderer), so the browser paints it before
// any script runs; the SPA then hydrates that markup in place (the same elements, where they were,
// no layout shift), and the page works as before. A hostile SKILL.md (<script>, onerror=,
// javascript: links, </script> in code) runs nothing and ends nothing, with or without the SPA. An
// unknown package gets the plain shell. Runs against the built server and SPA (web/dist and its
// server render, web/dist-ssr).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPackage, publishArchive, runAdmin, spawnServer, type SpawnedServer } from '@pkg/server/testing';
import { launchBrowser } from './browser.js';
import { recordDataRequests } from './data-requests.js';
import { hostileSkillMd } from './hostile-skill.js';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const DESCRIPTION = 'Greets people </script><script>window.__pwned = "description"</script> by name.';
const SKILL_MD = hostileSkillMd(DESCRIPTION, [
  '```html',
  '</script><script>window.__pwned = "code"</script>',
  '```',
  '',
]);

let server: SpawnedServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-e2e-ssr-'));
  server = await spawnServer({ PKG_DATA_DIR: dataDir, PKG_WEB_DIR: webDist });
  const created = await runAdmin(['user', 'create', 'alice'], { PKG_DATA_DIR: dataDir });
  if (created.code !== 0) throw new Error(`pkg-admin user create: ${created.stderr}`);
  const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
  for (const spec of [
    { name: 'hello', version: '1.0.0', description: DESCRIPTION, files: { 'SKILL.md': SKILL_MD } },
    { name: 'hello', version: '1.1.0', description: DESCRIPTION, files: { 'SKILL.md': SKILL_MD } },
    { name: 'wave', version: '1.0.0', description: 'Waves at people.' },
  ]) {
    const built = await buildPackage({ namespace: 'alice', ...spec });
    const published = await publishArchive(server.url, token, built.bytes);
    if (published.status !== 201) throw new Error(`publish ${spec.name}: ${published.status}`);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The HTML the server sends a browser for `pathname`. */
async function htmlOf(pathname: string): Promise<{ status: number; html: string; root: string }> {
  const res = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-data">');
  return { status: res.status, html, root: html.slice(start, end === -1 ? undefined : end) };
}

const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned);

describe('the HTML of a package URL', () => {
  test.each([
    ['the latest-version page', '/@alice/hello', 'Version 1.1.0 (latest)'],
    ['a version page', '/@alice/hello/v/1.0.0', 'Version 1.0.0 · latest is 1.1.0'],
  ])('%s holds its header and SKILL.md, rendered and sanitized', async (_label, url, shown) => {
    const { status, root } = await htmlOf(url);
    expect(status).toBe(200);
    // (React separates adjacent texts with empty comments: read without them)
    const text = root.replaceAll('<!-- -->', '');
    expect(text).toMatch(/<h1><a [^>]*href="\/@alice"[^>]*>@alice<\/a>\/hello<\/h1>/);
    expect(text).toContain(`data-testid="shown-version">${shown}</p>`);
    // the description, escaped: its "</script>" is text
    expect(root).toContain('by name.</p>');
    expect(root).toContain('Greets people &lt;/script&gt;&lt;script&gt;window.__pwned');
    // SKILL.md as markdown-to-jsx renders it, the front matter left out
    expect(root).toContain('<div data-testid="skill-md"><div class="markdown"><h3>Hello skill</h3>');
    expect(root).toContain('<p>Use <strong>hello</strong> when someone should be greeted.</p>');
    expect(root).toContain('<a href="https://docs.example.com/hello" rel="nofollow noopener noreferrer">');
    expect(root).not.toContain('name: hello');
    // nothing of its HTML became an element, no unsafe address, the code block is text
    expect(root).not.toMatch(/<script|<img|onerror=|javascript:/i);
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned = &quot;code&quot;&lt;/script&gt;');
  });

  test.each([
    ['an unknown package', '/@alice/nope'],
    ['an unknown version', '/@alice/hello/v/9.9.9'],
    ['an unknown namespace', '/@nobody/hello'],
  ])('%s gets the plain shell (200)', async (_label, url) => {
    const { status, html } = await htmlOf(url);
    expect(status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="page-data"');
  });
});

/** A fresh context (nothing cached: a link opened from elsewhere) whose page loads no script. */
async function withoutScripts(): Promise<{ context: BrowserContext; page: Page; blocked: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const blocked: string[] = [];
  await context.route('**/*.js', async (route) => {
    blocked.push(route.request().url());
    await route.abort();
  });
  return { context, page: await context.newPage(), blocked };
}

describe('the page in Chromium', () => {
  test.each([
    ['the latest-version page', '/@alice/hello'],
    ['a version page', '/@alice/hello/v/1.0.0'],
  ])('%s shows its header and SKILL.md before any script runs', async (_label, url) => {
    const { context, page, blocked } = await withoutScripts();
    await page.goto(`${server.url}${url}`);
    const skill = page.getByTestId('skill-md');
    expect(await skill.isVisible()).toBe(true);
    expect(await skill.getByRole('heading', { level: 3 }).textContent()).toBe('Hello skill');
    expect(await skill.textContent()).toContain('Use hello when someone should be greeted.');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('@alice/hello');
    expect(await page.getByTestId('description').isVisible()).toBe(true);
    // the SPA's bundle was asked for and never ran: what shows is the server's
    expect(blocked.some((u) => /\/assets\/index-[^/]+\.js$/.test(u))).toBe(true);
    expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}))).toEqual([]);
    expect(await pwned(page)).toBeUndefined();
    await context.close();
  });

  test('the SPA takes the drawn page over in place: the same elements where they were, no layout shift', async () => {
    // Where the server's page paints SKILL.md and the header: a load that runs no script.
    const { context: still, page: drawn } = await withoutScripts();
    await drawn.goto(`${server.url}/@alice/hello`);
    const boxes = (page: Page) =>
      page.evaluate(() =>
        ['[data-testid="skill-md"]', 'article.package > header', '[data-testid="install-command"]'].map(
          (css) => JSON.stringify(document.querySelector(css)?.getBoundingClientRect() ?? null),
        ),
      );
    const painted = await boxes(drawn);
    await still.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Before the SPA's entry runs (it waits for the document's end), note the server's SKILL.md
    // element, and sum every layout shift of the load.
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          w.__shift = (w.__shift as number) + entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        w.__drawn = document.querySelector('[data-testid="skill-md"]');
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    // (the browser's own request for /favicon.ico, which the site has not, is not the page's)
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const data = recordDataRequests(page);
    await page.goto(`${server.url}/@alice/hello`);
    // the SPA has taken over (React's root is on #root; the signature is checked by the SPA alone)
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    await page.getByTestId('signature-status').getByText(/valid/).waitFor();
    await page.waitForLoadState('networkidle');
    // no hydration error (React reports one, then redraws the page), no request failed
    expect(errors).toEqual([]);
    const kept = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return document.querySelector('[data-testid="skill-md"]') === w.__drawn && w.__drawn !== null;
    });
    expect(kept).toBe(true);
    expect(await boxes(page)).toEqual(painted);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.001);
    expect(data).toEqual([]);
    expect(await pwned(page)).toBeUndefined();
    await context.close();
  });

  test('after the SPA takes over, links, back and forward work', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/@alice/hello/v/1.0.0`);
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );
    const h1 = () => page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('heading', { level: 1 }).getByRole('link', { name: '@alice' }).click();
    await page.getByRole('link', { name: '@alice/wave' }).click();
    await page.getByTestId('description').getByText('Waves at people.').waitFor();
    expect(await h1()).toBe('@alice/wave');
    await page.goBack();
    await page.getByRole('link', { name: '@alice/wave' }).waitFor();
    await page.goBack();
    await page.getByTestId('shown-version').getByText('Version 1.0.0').waitFor();
    expect(await h1()).toBe('@alice/hello');
    await page.goForward();
    await page.goForward();
    await page.getByTestId('description').getByText('Waves at people.').waitFor();
    expect(await h1()).toBe('@alice/wave');
    expect(await pwned(page)).toBeUndefined();
    await context.close();
  });

  test('an unknown package gets the SPA not-found page, as before', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/@alice/nope`);
    await page
      .getByRole('heading', { level: 1 })
      .getByText(/not found/i)
      .waitFor();
    await context.close();
  });
});
