// The search index of one server process (docs/browsing.md, "Search"): the search fields of every
// package (stored on its document by the package summary, version-writes.ts) and the downloads of
// the last 7 days, kept in memory. It stays right across several server processes this way:
//   - every write of a package's summary bumps its `revision` and stamps it (`indexedAt`, the
//     writer's clock); a search first asks the store whether a package was stamped later than the
//     newest stamp the index has read (one indexed read of one document, shared by the searches
//     that start while it is asked), and if so waits for a refresh: a write of another process
//     shows at once;
//   - a write in this process (publish, yank, deprecate) marks the index out of date: the next
//     search waits for the refresh too;
//   - otherwise the index older than INDEX_TTL_MS is refreshed in the background (one refresh at a
//     time), for stamps not newer than the newest (a writer whose clock is behind);
//   - a refresh reads the packages stamped at most CLOCK_MARGIN_MS before the previous refresh
//     began, and takes those whose revision changed; every FULL_SCAN_MS it reads the `revision` of
//     every package instead, reloading the changed ones and dropping the packages gone.
// The first refresh reads every package at once. The downloads are read again with a refresh at
// most every DOWNLOADS_TTL_MS.
import type { Permissions } from '@pkg/shared';
import type { PackageDoc } from '../../../db/models/package.js';
import { mapStorageFailure } from '../../../db/availability.js';
import type { RegistryDeps } from '../registry-deps.js';
import { packageFlags } from './search-rank.js';
import { tokenize, type PackageSearchFields } from './search-terms.js';
import { TermIndex } from './term-index.js';

export const INDEX_TTL_MS = 2_000;
export const FULL_SCAN_MS = 60_000;
export const CLOCK_MARGIN_MS = 10_000;
export const DOWNLOADS_TTL_MS = 60_000;
const RELOAD_BATCH = 500;

/** A package as search lists it. */
export interface IndexedPackage {
  id: string;
  namespace: string;
  description: string;
  latest: string;
  deprecated: string | null;
  /** Every version is yanked (docs/trust.md, "Yank and deprecate"): shown marked, after the others. */
  yanked: boolean;
  revision: number;
  /** Unknown (null) for a package whose search fields were never computed: no filter passes it. */
  permissions: Permissions | null;
  verified: boolean;
}

export interface SearchIndex {
  terms: TermIndex<IndexedPackage>;
  /** Every listed package by id (one whose every version is yanked is listed, marked, ranked last). */
  packages: Map<string, IndexedPackage>;
  /**
   * The listed packages by their name without the namespace (a query equal to it ranks it first),
   * in the order they were listed; an array, lighter than a Set for the one package most names have.
   */
  byName: Map<string, IndexedPackage[]>;
  /** The revision last read of every package, listed or not (null: a document without one). */
  revisions: Map<string, number | null>;
  /** Downloads of the last 7 UTC days by package id (the download counter's weekly table). */
  downloads: ReadonlyMap<string, number>;
  /** Bumped by every write of this process; `current` is the one the index was last read at. */
  wanted: number;
  current: number;
  loadedAt: number | null;
  /** When the last full read began (performance.now()), and the stamp the next refresh reads from. */
  scannedAt: number | null;
  changedSince: Date | null;
  /** The newest `indexedAt` read: a search first asks whether a newer one was written. */
  newest: Date | null;
  /** That question while it is asked: the searches that start meanwhile share its answer. */
  probe: Promise<boolean> | null;
  downloadsAt: number | null;
  running: { promise: Promise<void>; target: number } | null;
  /** Marks the index out of date (called after a write to a package). */
  invalidate(): void;
}

export function createSearchIndex(): SearchIndex {
  const index: SearchIndex = {
    terms: new TermIndex(),
    packages: new Map(),
    byName: new Map(),
    revisions: new Map(),
    downloads: new Map(),
    wanted: 0,
    current: -1,
    loadedAt: null,
    scannedAt: null,
    changedSince: null,
    newest: null,
    probe: null,
    downloadsAt: null,
    running: null,
    invalidate: () => {
      index.wanted += 1;
    },
  };
  return index;
}

export type IndexedDoc = Pick<
  PackageDoc,
  'id' | 'namespace' | 'name' | 'description' | 'latest' | 'latestYanked' | 'latestDeprecated' | 'revision'
> & { search?: PackageSearchFields | null; indexedAt?: Date | null };

const PROJECTION = {
  _id: 0,
  id: 1,
  namespace: 1,
  name: 1,
  description: 1,
  latest: 1,
  latestYanked: 1,
  latestDeprecated: 1,
  revision: 1,
  search: 1,
  indexedAt: 1,
} as const;

const bareName = (id: string) => id.slice(id.indexOf('/') + 1);

function unlist(index: SearchIndex, id: string): void {
  const old = index.packages.get(id);
  if (!old) return;
  index.terms.remove(old);
  index.packages.delete(id);
  const named = index.byName.get(bareName(id))?.filter((pkg) => pkg !== old);
  if (named?.length) index.byName.set(bareName(id), named);
  else index.byName.delete(bareName(id));
}

/** Lists a package (read from the store) in the index, in place of what it had of it. */
export function indexPackage(index: SearchIndex, doc: IndexedDoc): void {
  index.revisions.set(doc.id, doc.revision ?? null);
  if (doc.indexedAt && (!index.newest || doc.indexedAt > index.newest)) index.newest = doc.indexedAt;
  unlist(index, doc.id);
  const search = doc.search;
  const pkg: IndexedPackage = {
    id: doc.id,
    namespace: doc.namespace,
    description: doc.description,
    latest: doc.latest,
    deprecated: doc.latestDeprecated ?? null,
    yanked: doc.latestYanked === true,
    revision: doc.revision,
    permissions: search?.permissions ?? null,
    verified: search?.verified === true,
  };
  index.packages.set(doc.id, pkg);
  const bare = bareName(doc.id);
  const named = index.byName.get(bare);
  index.byName.set(bare, named ? [...named, pkg] : [pkg]);
  index.terms.set(
    pkg,
    {
      name: search?.name ?? tokenize(`${doc.namespace} ${doc.name}`),
      tool: search?.tools ?? [],
      schema: search?.properties ?? [],
      description: search?.description ?? tokenize(doc.description),
      skill: search?.skill ?? [],
    },
    packageFlags(pkg),
  );
}

/** Removes a package gone from the store. */
export function dropPackage(index: SearchIndex, id: string): void {
  unlist(index, id);
  index.revisions.delete(id);
}

/**
 * Every package (the first refresh), indexed batch by batch as the cursor reads them: the decoded
 * documents of all packages at once would be garbage of the size of the store, and V8's heap
 * would grow to hold it (docs/performance.md, "Memory, fifth pass").
 */
async function loadAll(deps: RegistryDeps, index: SearchIndex): Promise<void> {
  const cursor = deps.models.Package.find({}, PROJECTION)
    .lean<IndexedDoc[]>()
    .cursor({ batchSize: RELOAD_BATCH });
  for await (const doc of cursor) indexPackage(index, doc);
  index.terms.trim();
}

/** The revision of every package: the changed ones read again, the ones gone dropped. */
async function rescan(deps: RegistryDeps, index: SearchIndex): Promise<void> {
  const revisions = await deps.models.Package.find({}, { _id: 0, id: 1, revision: 1 }).lean<
    { id: string; revision?: number }[]
  >();
  const seen = new Set<string>();
  const changed: string[] = [];
  for (const { id, revision = null } of revisions) {
    seen.add(id);
    if (!index.revisions.has(id) || index.revisions.get(id) !== revision) changed.push(id);
  }
  for (const id of [...index.revisions.keys()]) if (!seen.has(id)) dropPackage(index, id);
  for (let i = 0; i < changed.length; i += RELOAD_BATCH) {
    const ids = changed.slice(i, i + RELOAD_BATCH);
    const docs = await deps.models.Package.find({ id: { $in: ids } }, PROJECTION).lean<IndexedDoc[]>();
    for (const doc of docs) indexPackage(index, doc);
  }
}

/** The packages stamped since `since`, taken when their revision changed. */
async function readChanged(deps: RegistryDeps, index: SearchIndex, since: Date): Promise<void> {
  const docs = await deps.models.Package.find({ indexedAt: { $gte: since } }, PROJECTION).lean<
    IndexedDoc[]
  >();
  for (const doc of docs) {
    if (!index.revisions.has(doc.id) || index.revisions.get(doc.id) !== (doc.revision ?? null))
      indexPackage(index, doc);
  }
}

async function reload(deps: RegistryDeps, index: SearchIndex, target: number): Promise<void> {
  const started = performance.now();
  const stamp = new Date(deps.clock().getTime() - CLOCK_MARGIN_MS);
  const since = index.changedSince;
  const full = since === null || index.scannedAt === null || started - index.scannedAt >= FULL_SCAN_MS;
  const downloadsDue =
    index.downloadsAt === null || target !== index.current || started - index.downloadsAt >= DOWNLOADS_TTL_MS;
  const read = () => {
    if (index.loadedAt === null) return loadAll(deps, index);
    return full || since === null ? rescan(deps, index) : readChanged(deps, index, since);
  };
  const [, downloads] = await Promise.all([read(), downloadsDue ? deps.downloads.weekly.read() : null]);
  if (downloads) {
    index.downloads = downloads;
    index.downloadsAt = started;
  }
  if (full) index.scannedAt = started;
  index.changedSince = stamp;
  index.loadedAt = started;
  index.current = target;
}

/** One refresh at a time; a refresh asked for a later write runs after the one under way. */
function refresh(deps: RegistryDeps, index: SearchIndex): Promise<void> {
  const target = index.wanted;
  if (index.running && index.running.target >= target) return index.running.promise;
  const before = index.running?.promise.catch(() => undefined) ?? Promise.resolve();
  const promise = before.then(() => reload(deps, index, target));
  const running = { promise, target };
  index.running = running;
  const clear = () => {
    if (index.running === running) index.running = null;
  };
  promise.then(clear, clear);
  return promise;
}

/**
 * Whether a package was stamped later than the newest stamp read: one small indexed read, so that
 * a write of another process shows at once (a stamp not newer, from a clock behind, shows with
 * the next refresh), and that a search answers 503 during an outage as every read does
 * (docs/operator.md, "When the store goes away") instead of answering from memory.
 */
async function changedSinceRefresh(deps: RegistryDeps, index: SearchIndex): Promise<boolean> {
  if (index.probe) return index.probe;
  const since = index.newest ?? new Date(0);
  const probe = deps.models.Package.findOne({ indexedAt: { $gt: since } }, { _id: 1 })
    .lean()
    .then(
      (doc) => doc !== null,
      (error: unknown) => {
        throw mapStorageFailure(error);
      },
    );
  index.probe = probe;
  const clear = () => {
    if (index.probe === probe) index.probe = null;
  };
  probe.then(clear, clear);
  return probe;
}

/** The index, up to date as the header says. */
export async function readSearchIndex(deps: RegistryDeps): Promise<SearchIndex> {
  const index = deps.search;
  if (index.loadedAt === null || index.current !== index.wanted) {
    await refresh(deps, index);
  } else if (await changedSinceRefresh(deps, index)) {
    index.invalidate();
    await refresh(deps, index);
  } else if (performance.now() - index.loadedAt >= INDEX_TTL_MS && !index.running) {
    refresh(deps, index).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'the search index was not refreshed'),
    );
  }
  return index;
}
