// A package page's URL gets the SPA's index.html with the page's data inlined (docs/performance.md,
// "The package page's first paint"): the answers of the procedures the SPA's loader starts, as
// superjson in a `<script type="application/json">` that no text of the package can end, and the
// package route's chunks as modulepreload links from the build's manifest. An unknown package or
// version gets the plain shell (200, no data). The web dir here is a minimal build: an index.html
// and a manifest naming the route's chunks as Vite writes them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveTrickyPackage } from '../helpers/packages.js';
import type { TestServer } from '../helpers/start-test-server.js';

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const INDEX =
  '<!doctype html><html><head><title>pkg</title>' +
  '<script type="module" crossorigin src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-B.js"></head>' +
  '<body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-B.js'] },
  '_react-B.js': { file: 'assets/react-B.js' },
  '_package-view-C.js': { file: 'assets/package-view-C.js', imports: ['_react-B.js', '_badges-D.js'] },
  '_badges-D.js': { file: 'assets/badges-D.js' },
  'src/routes/@{$namespace}/$name/index.tsx?tsr-split=component': {
    file: 'assets/_name-E.js',
    imports: ['_package-view-C.js', 'index.html'],
  },
  'src/routes/@{$namespace}/$name/v/$version.tsx?tsr-split=component': {
    file: 'assets/_version-F.js',
    imports: ['_package-view-C.js', 'index.html'],
  },
};
/** A description and a SKILL.md that try to end the data's script element and run their own. */
const HOSTILE = 'Greets </script><script>window.__pwned = 1</script><!-- people';
const SKILL_MD = `---\nname: tricky\ndescription: ${HOSTILE}\n---\n\n# Tricky\n\n${HOSTILE}\n`;

let server: TestServer;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'pkg-web-'));
  mkdirSync(path.join(webDir, '.vite'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  server = await serveTrickyPackage(webDir, HOSTILE, SKILL_MD);
});
afterAll(async () => {
  await server.close();
  rmSync(webDir, { recursive: true, force: true });
});

const DATA_OPEN = '<script type="application/json" id="page-data">';

async function page(pathname: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${pathname}`, { headers: { ...browser, ...headers } });
  return { res, html: await res.text() };
}

/** The inlined entries, by procedure (the two downloads' periods apart). */
function dataOf(html: string): Map<string, { input: unknown; data: unknown }> {
  const start = html.indexOf(DATA_OPEN) + DATA_OPEN.length;
  const text = html.slice(start, html.indexOf('</script>', start));
  const { entries } = superjson.parse<{ entries: { path: string; input: unknown; data: unknown }[] }>(text);
  return new Map(
    entries.map((e) => [
      e.path === 'packages.downloads' ? `${e.path} ${(e.input as { period: string }).period}` : e.path,
      e,
    ]),
  );
}

describe('the package page with its data inlined', () => {
  test.each([
    ['the latest-version page', '/@acme/tricky', 'latest'],
    ['a version page', '/@acme/tricky/v/1.0.0', '1.0.0'],
  ])('%s holds every answer the loader asks for', async (_label, pathname, version) => {
    const { res, html } = await page(pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const data = dataOf(html);
    expect([...data.keys()].sort()).toEqual([
      'namespaces.get',
      'packages.downloads last-90-days',
      'packages.downloads last-week',
      'packages.files',
      'packages.get',
      'packages.insights',
      'packages.provenance',
      'packages.version',
      'packages.versions',
      'publishers.list',
      'trust.keys',
    ]);
    expect(data.get('packages.get')?.input).toEqual({ namespace: 'acme', name: 'tricky' });
    expect(data.get('packages.version')?.input).toEqual({ namespace: 'acme', name: 'tricky', version });
    expect(data.get('packages.get')?.data).toMatchObject({ description: HOSTILE, latest: '1.0.0' });
    expect(data.get('packages.version')?.data).toMatchObject({ version: '1.0.0' });
    expect(data.get('trust.keys')?.input).toBeUndefined();
    // the answers are the procedures' own, as /trpc would send them
    const viaTrpc = await fetch(
      `${server.url}/trpc/packages.files?input=${encodeURIComponent(JSON.stringify({ json: { namespace: 'acme', name: 'tricky', version } }))}`,
    );
    const body = (await viaTrpc.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
    const files = superjson.deserialize(body.result.data);
    expect(data.get('packages.files')?.data).toEqual(files);
  });

  test('no text of the package can end the data element: every "<" in it is escaped', async () => {
    const { html } = await page('/@acme/tricky');
    const start = html.indexOf(DATA_OPEN) + DATA_OPEN.length;
    const end = html.indexOf('</script>', start);
    expect(html.slice(start, end)).not.toContain('<');
    // the element ends where the data does, and what follows is the shell's own end
    expect(html.slice(end)).toBe('</script></body></html>');
    expect(html.match(/<script/g)).toHaveLength(2);
    // and the hostile text survives, unchanged, once parsed
    const files = dataOf(html).get('packages.files')?.data as { skillMd: string };
    expect(JSON.stringify(files)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  test.each([
    ['the latest-version page', '/@acme/tricky', '/assets/_name-E.js'],
    ['a version page', '/@acme/tricky/v/1.0.0', '/assets/_version-F.js'],
  ])(
    "%s preloads its route's chunks, not those index.html loads already",
    async (_label, pathname, route) => {
      const { html } = await page(pathname);
      const head = html.slice(0, html.indexOf('</head>'));
      const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
      expect(preloads).toEqual([
        '/assets/react-B.js',
        route,
        '/assets/package-view-C.js',
        '/assets/badges-D.js',
      ]);
      // the entry runs once loaded, while the server still reads the data
      expect(head).toContain('<script type="module" async crossorigin src="/assets/index-A.js"></script>');
    },
  );

  test.each([
    ['an unknown package', '/@acme/nope'],
    ['an unknown version', '/@acme/tricky/v/9.9.9'],
    ['an unknown namespace', '/@nobody/tricky'],
    ['a name the grammar refuses', '/@ACME/Tricky!'],
  ])('%s gets the SPA shell with no data (200)', async (_label, pathname) => {
    const { res, html } = await page(pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).not.toContain('page-data');
    expect(html).toContain('<div id="root"></div>');
  });

  test('other pages get index.html as it is built', async () => {
    for (const pathname of ['/', '/@acme', '/search']) {
      const { res, html } = await page(pathname);
      expect(res.status).toBe(200);
      expect(html).toBe(INDEX);
    }
  });

  test('the inlined data is the same for a caller with a token (public reads only, nothing of the caller)', async () => {
    const anonymous = dataOf((await page('/@acme/tricky')).html);
    const withHeader = dataOf(
      (await page('/@acme/tricky', { authorization: 'Bearer pkg_not_a_real_token' })).html,
    );
    expect([...withHeader.keys()]).toEqual([...anonymous.keys()]);
    expect(withHeader.get('packages.get')).toEqual(anonymous.get('packages.get'));
  });
});
