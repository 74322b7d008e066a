// The package page as the server last drew it, per page (docs/performance.md, "The package page,
// second pass: files sent as built"): the markup of `#root` and the data element, which depend only
// on the package's revision, the page's URL (its version and search), the origin its addresses name
// and the server render's build, the same for every anonymous reader. An entry is served only while
// the package's stored revision, read after the request arrived, still equals the one read before
// the entry's data was read, and the render's build is the same: every publish, yank, unyank,
// deprecation and trusted-publisher change bumps the revision (services/registry), so none of them
// is followed by an older page. What the page shows that changes without the revision (downloads,
// the namespace's maintainers, the registry's keys, the date that ends a download period) is kept
// at most `ttlMs`: the downloads' flush interval, as fresh as the counts themselves are.
import { LRUCache } from 'lru-cache';

/** What a page load sends after the shell's head: the drawn page and the data element. */
export interface CachedPage {
  /** The markup of `#root` ('' when the server could not draw the page). */
  markup: string;
  /** The `<script type="application/json">` element with the page's data. */
  data: string;
}

interface Entry extends CachedPage {
  revision: number;
  build: string;
}

/** Pages kept (least recently used out first), and the characters they may hold in all. */
export const PAGE_CACHE_BOUNDS = { entries: 1000, chars: 8 * 1024 * 1024 } as const;

export interface PageCacheOptions {
  /** How long an entry may be served at all (ms). */
  ttlMs: number;
  entries?: number;
  chars?: number;
  /** Told of each lookup (the app's metrics). */
  onLookup?: (hit: boolean) => void;
}

export interface PageCache {
  /** The page kept under `key` for `revision` and the render `build`, if any. */
  get(key: string, revision: number, build: string): CachedPage | undefined;
  set(key: string, revision: number, build: string, page: CachedPage): void;
  /** Pages kept now. */
  readonly size: number;
  /** Characters kept now. */
  readonly chars: number;
}

/** A page's cache key: the origin its addresses name, and its URL as asked (path and search). */
export function pageKey(baseUrl: string, url: string): string {
  return `${baseUrl} ${url}`;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const lru = new LRUCache<string, Entry>({
    max: options.entries ?? PAGE_CACHE_BOUNDS.entries,
    maxSize: options.chars ?? PAGE_CACHE_BOUNDS.chars,
    // a page larger than the whole bound is not kept
    sizeCalculation: (entry) => Math.max(1, entry.markup.length + entry.data.length),
    ttl: options.ttlMs,
  });
  return {
    get(key, revision, build) {
      const entry = lru.get(key);
      const hit = entry !== undefined && entry.revision === revision && entry.build === build;
      options.onLookup?.(hit);
      if (!hit) return undefined;
      return { markup: entry.markup, data: entry.data };
    },
    set(key, revision, build, page) {
      lru.set(key, { ...page, revision, build });
    },
    get size() {
      return lru.size;
    },
    get chars() {
      return lru.calculatedSize;
    },
  };
}
