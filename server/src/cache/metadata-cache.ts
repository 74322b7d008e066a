// Per-process caches of package answers (the package document, its version list, version
// documents), each entry labelled with the package `revision` read BEFORE its data was read.
// An entry is served only while the stored revision, read after the request arrived, still
// equals its label. Publishes (and the rollback of a failed one) bump the revision in the
// database, so the check holds across every server process sharing the database: nothing is
// served stale after a publish answered, and no process needs to hear about another's writes.
import type { PackageInfo, PackageRef, VersionList } from '@pkg/shared';
import type { Models } from '../db/models/index.js';
import type { VersionDoc } from '../db/models/version.js';
import type { CacheName, Metrics } from '../metrics/metrics.js';
import { createPackageRevisions, type PackageRevisions } from './package-revisions.js';

/** Entries kept per kind (least recently used out first). */
export const METADATA_CACHE_ENTRIES = {
  packages: 5000,
  versionLists: 2000,
  versions: 2000,
  packageResponses: 5000,
  versionResponses: 2000,
} as const;

/**
 * Characters of serialized answers kept per kind, besides the entry bound: an answer's size
 * depends on the package (its versions, its description), so a count alone does not bound the
 * memory (docs/performance.md, "Memory, third pass: a smaller live heap").
 */
export const METADATA_CACHE_CHARS = {
  packageResponses: 4 * 1024 * 1024,
  versionResponses: 4 * 1024 * 1024,
} as const;

/**
 * Estimated heap bytes of decoded records kept per kind, besides the entry bound (estimatedBytes):
 * a record's size depends on the package, as an answer's does.
 */
export const METADATA_CACHE_BYTES = {
  packages: 4 * 1024 * 1024,
  versions: 4 * 1024 * 1024,
} as const;

/**
 * A decoded record's heap size, estimated from its shape: a string its characters and a header,
 * an object or array a header and a slot per value, any other object (a Date, an ObjectId) a fixed
 * size. Walked once when the record is cached, as deepFreeze walks it.
 */
export function estimatedBytes(value: unknown): number {
  if (typeof value === 'string') return 16 + value.length;
  if (value === null || typeof value !== 'object') return 8;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return 64;
  let bytes = 24;
  for (const child of Object.values(value)) bytes += 8 + estimatedBytes(child);
  return bytes;
}

/** The bounds of a cache of decoded records: `entries`, and `bytes` of estimatedBytes. */
export function recordBounds<T>(entries: number, bytes: number): LruBounds<T> {
  return { entries, size: { max: bytes, of: estimatedBytes } };
}

/** A serialized answer and its ETag (package-responses.ts). */
export interface CachedJson {
  body: string;
  etag: string;
}

interface Entry<T> {
  revision: number;
  value: T;
  size: number;
}

/** How much a RevisionLru may hold: entries, and optionally a total of `sizeOf` its values. */
export interface LruBounds<T> {
  entries: number;
  size?: { max: number; of: (value: T) => number };
}

/** A Map in recency order: a hit moves the key to the end, the oldest key is evicted first. */
export class RevisionLru<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly bounds: LruBounds<T>;
  /** The sum of the entries' sizes (with a size bound). */
  private held = 0;
  constructor(
    bounds: number | LruBounds<T>,
    /** Told of each read-through's lookup (the app's metrics). */
    private readonly onLookup?: (hit: boolean) => void,
  ) {
    this.bounds = typeof bounds === 'number' ? { entries: bounds } : bounds;
  }

  /** The value cached under `key` at `revision`, if any. */
  get(key: string, revision: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.revision !== revision) {
      this.drop(key, entry);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, revision: number, value: T): void {
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    const size = this.bounds.size?.of(value) ?? 0;
    this.entries.set(key, { revision, value: deepFreeze(value), size });
    this.held += size;
    const maxSize = this.bounds.size?.max ?? Infinity;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.bounds.entries && this.held <= maxSize) break;
      if (oldest === key) break; // the newest entry stays, even one larger than the bound
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.held -= entry.size;
  }

  /** The sum of the entries' sizes (0 without a size bound). */
  get heldSize(): number {
    return this.held;
  }

  /**
   * The read-through of every cached read: the value of `key` cached at `revision`, else the
   * one `build` makes, cached at `revision` (the revision read BEFORE building). A package that
   * did not exist when its revision was read (null) is built and not cached.
   */
  async through(key: string, revision: number | null, build: () => Promise<T>): Promise<T> {
    const hit = revision === null ? undefined : this.get(key, revision);
    this.onLookup?.(hit !== undefined);
    if (hit) return hit;
    const value = await build();
    if (revision !== null) this.set(key, revision, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Cached values are shared by every request: freeze their plain objects and arrays so that no
 * request can change another's answer (class instances such as ObjectId are left alone).
 */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

export interface MetadataCache {
  revisions: PackageRevisions;
  packages: RevisionLru<PackageInfo>;
  versionLists: RevisionLru<VersionList>;
  versions: RevisionLru<VersionDoc>;
  packageResponses: RevisionLru<CachedJson>;
  versionResponses: RevisionLru<CachedJson>;
}

/**
 * The caches of one app, built once with its registry deps (wing-deps.ts) and held there as
 * `metadata`: two apps in one process never share entries.
 */
export function createMetadataCache(models: Pick<Models, 'Package'>, metrics?: Metrics): MetadataCache {
  const lru = <T>(bounds: number | LruBounds<T>, cache: CacheName) =>
    new RevisionLru<T>(bounds, metrics && ((hit) => metrics.cacheLookup(cache, hit)));
  const answers = (entries: number, chars: number): LruBounds<CachedJson> => ({
    entries,
    size: { max: chars, of: (answer) => answer.body.length + answer.etag.length },
  });
  return {
    revisions: createPackageRevisions(models),
    packages: lru(recordBounds(METADATA_CACHE_ENTRIES.packages, METADATA_CACHE_BYTES.packages), 'packages'),
    versionLists: lru(METADATA_CACHE_ENTRIES.versionLists, 'version_lists'),
    versions: lru(recordBounds(METADATA_CACHE_ENTRIES.versions, METADATA_CACHE_BYTES.versions), 'versions'),
    packageResponses: lru(
      answers(METADATA_CACHE_ENTRIES.packageResponses, METADATA_CACHE_CHARS.packageResponses),
      'package_responses',
    ),
    versionResponses: lru(
      answers(METADATA_CACHE_ENTRIES.versionResponses, METADATA_CACHE_CHARS.versionResponses),
      'version_responses',
    ),
  };
}

export function packageKey(ref: PackageRef): string {
  return `${ref.namespace}/${ref.name}`;
}

export function versionKey(ref: PackageRef & { version: string }): string {
  return `${ref.namespace}/${ref.name}@${ref.version}`;
}
