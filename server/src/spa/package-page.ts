// A package page's HTML (docs/performance.md, "The package page's first paint", "The package page
// rendered by the server" and "The package page, second pass: files sent as built"): the shell's
// head is sent and flushed at once, so the browser fetches the scripts and the stylesheet while the
// server reads; then the page drawn into `#root`, the rest of index.html, the data element and the
// end. The drawn page and its data are kept per page (spa/page-cache.ts): a load of a page kept for
// the package's current revision costs one read of that revision, with no procedure and no render.
import type { Request, Response } from 'express';
import { packageRefSchema } from '@pkg/shared';
import { requestBaseUrl } from '../context.js';
import type { AppDeps } from '../deps.js';
import { packageRevision } from '../services/registry/package-service.js';
import { createPageCache, pageKey, type CachedPage, type PageCache } from './page-cache.js';
import { packagePageData, pageDataText, type PackagePage, type PageDataEntry } from './page-data.js';
import { pageRenders, type LoadedRender } from './page-render.js';
import type { PageShell } from './page-shell.js';

/** The element the SPA reads the page's data from (web/src/lib/page-data.ts). */
const PAGE_DATA_ID = 'page-data';

/** The build name of a web dir without a server render (pages kept with their data alone). */
const NO_RENDER = 'none';

/** The server's render of the page with its data, or '' (no render built, or one it cannot draw). */
async function renderedPage(req: Request, loaded: LoadedRender | undefined, entries: PageDataEntry[]) {
  try {
    const render = await loaded?.render;
    return (await render?.({ url: req.originalUrl, entries })) ?? '';
  } catch (err) {
    req.log.error({ err }, 'the package page could not be rendered');
    return '';
  }
}

/** The package's stored revision; null for an unknown package or a name the grammar refuses. */
async function revisionOf(deps: AppDeps, page: PackagePage): Promise<number | null> {
  const ref = packageRefSchema.safeParse({ namespace: page.namespace, name: page.name });
  return ref.success ? packageRevision(deps.registry, ref.data) : null;
}

interface Drawing {
  deps: AppDeps;
  cache: PageCache;
  renders: () => LoadedRender | undefined;
}

/**
 * The page drawn and its data, from the cache while the package's revision and the render's build
 * are those it was kept for; undefined for an unknown package or version (the plain shell).
 */
async function drawnPage(req: Request, page: PackagePage, drawing: Drawing): Promise<CachedPage | undefined> {
  const { deps, cache } = drawing;
  const loaded = drawing.renders();
  const build = loaded?.build ?? NO_RENDER;
  const key = pageKey(requestBaseUrl(req, deps), req.originalUrl);
  // read before the page's data, so a kept page is never labelled newer than what it shows
  const revision = await revisionOf(deps, page);
  const kept = revision === null ? undefined : cache.get(key, revision, build);
  if (kept) return kept;
  const answers = await packagePageData(req, deps, page);
  if (!answers) return undefined;
  const markup = await renderedPage(req, loaded, answers.entries);
  const data = `<script type="application/json" id="${PAGE_DATA_ID}">${pageDataText(answers.entries)}</script>`;
  const drawn = { markup, data };
  // a page missing an answer, or one the render gave up on, is not kept: the next load tries again
  if (revision !== null && answers.complete && (markup !== '' || !loaded))
    cache.set(key, revision, build, drawn);
  return drawn;
}

/** Sends package pages of the build in `webDir`, each with its shell (spa.ts picks it by page kind). */
export function packagePages(deps: AppDeps, webDir: string) {
  const drawing: Drawing = {
    deps,
    cache: createPageCache({
      // as fresh as the downloads the page shows (page-cache.ts)
      ttlMs: deps.config.PKG_DOWNLOADS_FLUSH_MS,
      onLookup: (hit) => deps.metrics.cacheLookup('package_pages', hit),
    }),
    renders: pageRenders(webDir),
  };
  return async (req: Request, res: Response, page: PackagePage, shell: PageShell): Promise<void> => {
    res.type('html');
    res.write(shell.head);
    // compression buffers what it has: push the head out now
    (res as Response & { flush?: () => void }).flush?.();
    try {
      const drawn = await drawnPage(req, page, drawing);
      res.end(
        drawn ? `${drawn.markup}${shell.body}${drawn.data}${shell.tail}` : `${shell.body}${shell.tail}`,
      );
    } catch (err) {
      req.log.error({ err }, 'the package page data could not be read');
      res.end(`${shell.body}${shell.tail}`);
    }
  };
}
