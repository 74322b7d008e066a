// The package page drawn by the server (docs/performance.md, "The package page rendered by the
// server"): the SPA's own route components and Markdown renderer, built for Node by
// `vite build --ssr` (web/src/entry-server.tsx) into `dist-ssr/entry-server.js` beside the SPA's
// build directory, loaded here at run time as a build output (the server imports nothing of
// web/src). The module is loaded again when the file changes (a new build, seen by the cheap check
// of spa/build-check.ts); without it, or when it does not export its function, package pages get
// the SPA shell and their data, as before.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { whenRebuilt } from './build-check.js';

/** The markup of `#root` for a package page and its data, or undefined when the SPA draws it alone. */
export type PageRender = (input: { url: string; entries: unknown[] }) => Promise<string | undefined>;

/** The server render of one build: which build (its file's modification time) and its function. */
export interface LoadedRender {
  /** Names the build: the page cache keeps a page per build (spa/page-cache.ts). */
  build: string;
  render: Promise<PageRender | undefined>;
}

/** The server render's file for the SPA built into `webDir` (`web/dist` → `web/dist-ssr/…`). */
export function pageRenderFile(webDir: string): string {
  return path.join(path.dirname(path.resolve(webDir)), 'dist-ssr', 'entry-server.js');
}

async function load(file: string, mtimeMs: number): Promise<PageRender | undefined> {
  const url = `${pathToFileURL(file).href}?build=${mtimeMs}`;
  const mod: unknown = await import(url);
  const render = (mod as { renderPage?: unknown } | null)?.renderPage;
  return typeof render === 'function' ? (render as PageRender) : undefined;
}

/** The render of the build in `webDir`, loaded again when its file changes; undefined without one. */
export function pageRenders(webDir: string): () => LoadedRender | undefined {
  const file = pageRenderFile(webDir);
  return whenRebuilt(file, (mtimeMs) => {
    if (mtimeMs === undefined) return undefined;
    const render = load(file, mtimeMs);
    // a module that fails to load is reported where the render is awaited (spa.ts)
    render.catch(() => undefined);
    return { build: String(mtimeMs), render };
  });
}
