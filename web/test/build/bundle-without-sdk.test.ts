// The website's bundle carries nothing of the Node data SDK (docs/architecture.md): the SPA is
// built with web/vite.config.ts into a temporary folder, and no built asset (the page, scripts,
// styles, source maps) holds a provider's API address as the SDK's provider table writes it, and
// no source map lists a module of shared/src/data/ or the Node index of @pkg/shared.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROVIDERS } from '@pkg/shared/data';

const webRoot = path.resolve(import.meta.dirname, '../..');
const sharedRoot = path.resolve(webRoot, '../shared');
const outDir = mkdtempSync(path.join(tmpdir(), 'pkg-web-bundle-'));
let assets: { file: string; text: string }[] = [];

/**
 * A provider's API address as the SDK writes it: host and path, a key's placeholder cut off. A
 * site's root (www.sec.gov, the chain's public RPC) may be linked from a page one day; an API's
 * address (a host named *api*, or a URL with a path) belongs to the SDK only.
 */
function apiAddress(url: string): string | undefined {
  const u = new URL(url.split('{')[0] ?? url);
  const address = `${u.host}${u.pathname}`.replace(/\/$/, '');
  return u.host.includes('api') || u.pathname !== '/' ? address : undefined;
}
const API_ADDRESSES = [
  ...new Set(PROVIDERS.flatMap((p) => p.defaultUrls.map(apiAddress)).filter((a) => a !== undefined)),
];

beforeAll(async () => {
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  assets = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file, 'utf8') };
    });
});

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

test("the SDK's provider table gives the API addresses looked for", () => {
  expect(API_ADDRESSES).toEqual(
    expect.arrayContaining([
      'api.geckoterminal.com/api/v2',
      'api.dexscreener.com',
      'openrouter.ai/api/v1',
      'api.llama.fi',
      'api.coingecko.com/api/v3',
      'api.gopluslabs.io',
    ]),
  );
});

test('no built asset holds a provider API address', () => {
  expect(assets.map((a) => path.relative(outDir, a.file))).toEqual(
    expect.arrayContaining(['index.html', expect.stringMatching(/^assets[\\/].+\.js$/)]),
  );
  const found = assets.flatMap(({ file, text }) =>
    API_ADDRESSES.filter((address) => text.includes(address)).map(
      (address) => `${path.relative(outDir, file)}: ${address}`,
    ),
  );
  expect(found).toEqual([]);
});

test("no source map lists a module of the data SDK or shared's Node index", () => {
  const sources = assets
    .filter(({ file }) => file.endsWith('.map'))
    .flatMap(({ file, text }) =>
      (JSON.parse(text) as { sources: string[] }).sources.map((s) =>
        path
          .relative(sharedRoot, path.resolve(path.dirname(file), s))
          .split(path.sep)
          .join('/'),
      ),
    )
    .filter((s) => !s.startsWith('../'));
  // The maps do name shared's modules: the contract's are there, so an SDK module would be too.
  expect(sources).toContain('src/contract/result-schema.ts');
  expect(sources.filter((s) => /^(src|dist)\/(data\/|data\.|index\.)/.test(s))).toEqual([]);
});
