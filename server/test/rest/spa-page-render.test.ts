// A package URL's HTML holds the page drawn by the SPA's own components (docs/performance.md, "The
// package page rendered by the server"): the header (name, version, description) and SKILL.md
// inside #root, rendered by the SPA's Markdown renderer with its sanitizing, so a hostile SKILL.md or
// description (<script>, onerror=, javascript: links, </script> in a code block) is text or nothing;
// the data follows, as before. An unknown package or version gets the plain shell (200). Runs
// against the built SPA and its server render (web/dist, web/dist-ssr: `npm run build -w @pkg/web`,
// which turbo runs before these tests).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageRenderFile } from '../../src/spa/page-render.js';
import { serveTrickyPackage } from '../helpers/packages.js';
import type { TestServer } from '../helpers/start-test-server.js';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const HOSTILE = 'Greets </script><script>window.__pwned = 1</script><!-- people';
const SKILL_MD = [
  '---',
  'name: tricky',
  `description: ${HOSTILE}`,
  '---',
  '',
  '# Tricky',
  '',
  `Says **hi**. ${HOSTILE}`,
  '',
  '<img src="/x.png" onerror="window.__pwned = 2">',
  '',
  '[docs](https://docs.example.com/tricky) and [bad](javascript:window.__pwned=3)',
  '',
  '```',
  '</script><script>window.__pwned = 4</script>',
  '```',
  '',
].join('\n');

let server: TestServer;

beforeAll(async () => {
  if (!existsSync(pageRenderFile(webDir)))
    throw new Error(
      `No server render of the SPA at ${pageRenderFile(webDir)}: run npm run build -w @pkg/web.`,
    );
  server = await serveTrickyPackage(webDir, HOSTILE, SKILL_MD);
});
afterAll(async () => {
  await server.close();
});

/** The HTML of `pathname` for a browser, and what the server drew into #root (the data excluded). */
async function page(pathname: string) {
  const res = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-data">');
  // (React separates adjacent texts with empty comments: read without them)
  const root = html.slice(start, end === -1 ? undefined : end).replaceAll('<!-- -->', '');
  return { res, html, root };
}

describe('the package page drawn by the server', () => {
  test.each([
    ['the latest-version page', '/@acme/tricky', 'Version 1.0.0 (latest)'],
    ['a version page', '/@acme/tricky/v/1.0.0', 'Version 1.0.0 (latest)'],
  ])('%s holds the header and SKILL.md, escaped and sanitized', async (_label, url, shown) => {
    const { res, html, root } = await page(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(root).toMatch(/<h1><a [^>]*href="\/@acme"[^>]*>@acme<\/a>\/tricky<\/h1>/);
    expect(root).toContain(`<p class="muted" data-testid="shown-version">${shown}</p>`);
    expect(root).toContain(
      '<p class="description" data-testid="description">Greets &lt;/script&gt;&lt;script&gt;window.__pwned = 1&lt;/script&gt;&lt;!-- people</p>',
    );
    expect(root).toContain('<div data-testid="skill-md"><div class="markdown"><h3>Tricky</h3>');
    expect(root).toContain('Says <strong>hi</strong>. Greets &lt;/script&gt;');
    expect(root).toContain(
      '<a href="https://docs.example.com/tricky" rel="nofollow noopener noreferrer">docs</a>',
    );
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned = 4&lt;/script&gt;');
    // nothing of the package's HTML is an element; no unsafe address; no comment of its own
    expect(root).not.toMatch(/<script|<img|onerror=|javascript:|<!-- people/i);
    // the one script element the page has besides the build's is the data, which follows
    expect(html.match(/<script/g)?.length).toBe(2);
    expect(html.indexOf('id="page-data"')).toBeGreaterThan(html.indexOf('data-testid="skill-md"'));
  });

  test.each([
    ['an unknown package', '/@acme/nope'],
    ['an unknown version', '/@acme/tricky/v/9.9.9'],
    ['an unknown namespace', '/@nobody/tricky'],
  ])('%s gets the plain shell (200)', async (_label, url) => {
    const { res, html } = await page(url);
    expect(res.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="page-data"');
  });

  test('other pages get index.html with an empty #root', async () => {
    const { res, html } = await page('/search');
    expect(res.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
  });
});
