// The SPA's index.html for a package URL (docs/performance.md, "The package page's first paint"):
// the built file with its entry script `async`, `<link rel="modulepreload">` for the package route's chunks, read from the
// build's manifest (web/vite.config.ts, `build.manifest`), so the browser fetches them while it
// evaluates the first bundle, a place for the server's render of the page inside `#root` (spa/
// page-render.ts) and one for the page's data before `</body>`. Both files are read
// again when index.html changes (a new build, seen by the cheap check of spa/build-check.ts); a
// build without a manifest gets no preloads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { whenRebuilt } from './build-check.js';

/** The build manifest's rows that matter here: each chunk's file and its static imports. */
const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** The package routes' components (TanStack Router's split chunks), by page kind. */
const ROUTE_CHUNKS = {
  latest: 'src/routes/@{$namespace}/$name/index.tsx?tsr-split=component',
  version: 'src/routes/@{$namespace}/$name/v/$version.tsx?tsr-split=component',
} as const;
export type PageKind = keyof typeof ROUTE_CHUNKS;

/** The HTML entry's key in the manifest; its chunks are in index.html already. */
const ENTRY = 'index.html';

/** `key` and every chunk it imports statically, through any depth. */
function chunksOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

/** The route's chunks that index.html does not load already, as modulepreload links. */
function preloadLinks(manifest: Manifest, kind: PageKind): string {
  const loaded = chunksOf(manifest, ENTRY);
  return [...chunksOf(manifest, ROUTE_CHUNKS[kind])]
    .filter((key) => !loaded.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file ?? ''}">`)
    .join('');
}

function readManifest(webDir: string): Manifest | undefined {
  try {
    const text = readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8');
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * index.html cut where the page goes: `head` up to the inside of `<div id="root">` (preloads
 * added), where the server's render of the page goes; `body`, the rest up to `</body>`, where the
 * page's data goes; then `tail`.
 */
export interface PageShell {
  head: string;
  body: string;
  tail: string;
}

/** The SPA's root element as index.html writes it, empty. */
const ROOT = '<div id="root">';

function buildShells(html: string, manifest: Manifest | undefined): Record<PageKind, PageShell> {
  const bodyEnd = html.lastIndexOf('</body>');
  const cut = bodyEnd === -1 ? html.length : bodyEnd;
  const shell = (kind: PageKind): PageShell => {
    const links = manifest ? preloadLinks(manifest, kind) : '';
    // The entry runs as soon as it has loaded (`async`) rather than after the whole page has been
    // parsed, which for a package page waits for its data: the first bundle is evaluated while the
    // server reads the data, and the SPA waits for the document's end before its first render.
    const before = html.slice(0, cut).replace('<script type="module" ', '<script type="module" async ');
    const headEnd = before.indexOf('</head>');
    const page = headEnd === -1 ? before : `${before.slice(0, headEnd)}${links}${before.slice(headEnd)}`;
    const root = page.indexOf(`${ROOT}</div>`);
    const split = root === -1 ? page.length : root + ROOT.length;
    return { head: page.slice(0, split), body: page.slice(split), tail: html.slice(cut) };
  };
  return { latest: shell('latest'), version: shell('version') };
}

/** The shells of a web dir, read again when its index.html changes; undefined without one. */
export function pageShells(webDir: string): () => Record<PageKind, PageShell> | undefined {
  const index = path.join(webDir, 'index.html');
  return whenRebuilt(index, (mtimeMs) => {
    if (mtimeMs === undefined) return undefined;
    try {
      return buildShells(readFileSync(index, 'utf8'), readManifest(webDir));
    } catch {
      return undefined;
    }
  });
}
