// The ranking (docs/browsing.md, "Search"). Each query term scores, in each package, its best
// match: the weight of the field it is in (a name outranks a tool, a tool a schema property name,
// a property name the description, the description SKILL.md), times 1 for the word itself,
// PREFIX_QUALITY for a word the term begins, FUZZY_QUALITY for a word one edit away. A package's
// score is the sum over the terms, times the share of the terms it matches; the query equal to the
// package's name adds EXACT_NAME_BONUS. Ties go to more downloads in the last 7 days, then to the
// name in ascending order, so that a result keeps its place from one page to the next.
// A search allocates nothing per match: each term's postings are scanned into arrays indexed by
// doc (term-index.ts) that are kept from one search to the next with the list of the docs touched
// (reset after use), the filters are bits of each doc's flags, and the page is chosen with a heap
// of the best `offset + limit` matches instead of sorting every match (docs/performance.md,
// "Search at 10,000 packages").
import type { SearchPackagesInput } from '@pkg/shared';
import type { IndexedPackage, SearchIndex } from './search-index.js';
import { tokenize } from './search-terms.js';
import { FIELD_BITS, FIELD_MASK, SEARCH_FIELDS, type SearchField, type TermIndex } from './term-index.js';

/** Each field weighs three times the next, so that one field's match outranks any lesser one's. */
export const FIELD_WEIGHTS: Readonly<Record<SearchField, number>> = {
  name: 81,
  tool: 27,
  schema: 9,
  description: 3,
  skill: 1,
};
export const EXACT_NAME_BONUS = 243;
const MAX_TERMS = 16;

export type SearchFilters = Pick<
  Required<SearchPackagesInput>,
  'namespace' | 'noNetwork' | 'noFileWrites' | 'noEnv' | 'verified'
>;

export interface RankedPackage {
  pkg: IndexedPackage;
  score: number;
  /** Mask of the fields any term matched in (bit i: SEARCH_FIELDS[i]). */
  matched: number;
  downloads: number;
}

export interface RankedPage {
  /** The matches from `offset`, at most `limit`, best first. */
  results: RankedPackage[];
  /** How many packages pass the filters and match. */
  total: number;
}

/** The flags of a package in the term index (a byte): what the filters and the order read. */
const YANKED = 1;
const VERIFIED = 2;
const NO_NETWORK = 4;
const NO_FILE_WRITES = 8;
const NO_ENV = 16;

/** The flags a package is indexed with; a package of unknown permissions passes no such filter. */
export function packageFlags(pkg: IndexedPackage): number {
  let flags = (pkg.yanked ? YANKED : 0) | (pkg.verified ? VERIFIED : 0);
  const p = pkg.permissions;
  if (p) {
    if (p.network.length === 0) flags |= NO_NETWORK;
    if (p.fs.write.length === 0) flags |= NO_FILE_WRITES;
    if (p.env.length === 0) flags |= NO_ENV;
  }
  return flags;
}

function wantedFlags(filters: Partial<SearchFilters>): number {
  return (
    (filters.verified ? VERIFIED : 0) |
    (filters.noNetwork ? NO_NETWORK : 0) |
    (filters.noFileWrites ? NO_FILE_WRITES : 0) |
    (filters.noEnv ? NO_ENV : 0)
  );
}

/** The weight of a field mask: its best field's (one entry per mask). */
const MASK_WEIGHTS = Float64Array.from({ length: 1 << SEARCH_FIELDS.length }, (_, mask) =>
  Math.max(0, ...SEARCH_FIELDS.map((field, bit) => (mask & (1 << bit) ? FIELD_WEIGHTS[field] : 0))),
);

/** The arrays a search of one index works in, indexed by doc, all zero between searches. */
class Scratch {
  size = 0;
  /** One term's best score and field mask per doc, and the docs it touched. */
  termBest = new Float64Array(0);
  termMask = new Uint8Array(0);
  termTouched = new Int32Array(0);
  /** The sum of the terms' scores, the fields and the number of terms matched per doc. */
  total = new Float64Array(0);
  mask = new Uint8Array(0);
  count = new Uint8Array(0);
  touched = new Int32Array(0);
  exact = new Uint8Array(0);
  /** Each match's final score; the heap of the best matches. */
  score = new Float64Array(0);
  heap = new Int32Array(0);
  /** Downloads per doc, as read from `downloadsOf` for the docs below `filled` of `generation`. */
  downloads = new Float64Array(0);
  downloadsOf: ReadonlyMap<string, number> | null = null;
  generation = -1;
  filled = 0;

  ensure(capacity: number): void {
    if (capacity <= this.size) return;
    const size = Math.max(1024, Math.ceil(capacity * 1.5));
    const downloads = new Float64Array(size);
    downloads.set(this.downloads);
    this.termBest = new Float64Array(size);
    this.termMask = new Uint8Array(size);
    this.termTouched = new Int32Array(size);
    this.total = new Float64Array(size);
    this.mask = new Uint8Array(size);
    this.count = new Uint8Array(size);
    this.touched = new Int32Array(size);
    this.exact = new Uint8Array(size);
    this.score = new Float64Array(size);
    this.heap = new Int32Array(size);
    this.downloads = downloads;
    this.size = size;
  }

  /** Downloads per doc up to date with the index's table and its docs. */
  syncDownloads(index: SearchIndex): void {
    const terms = index.terms;
    if (this.downloadsOf !== index.downloads || this.generation !== terms.generation) {
      this.downloadsOf = index.downloads;
      this.generation = terms.generation;
      this.filled = 0;
    }
    for (let doc = this.filled; doc < terms.capacity; doc++) {
      const pkg = terms.packageOf(doc);
      this.downloads[doc] = pkg ? (index.downloads.get(pkg.id) ?? 0) : 0;
    }
    this.filled = terms.capacity;
  }
}

const scratches = new WeakMap<SearchIndex, Scratch>();

function scratchOf(index: SearchIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) scratches.set(index, (scratch = new Scratch()));
  scratch.ensure(index.terms.capacity);
  scratch.syncDownloads(index);
  return scratch;
}

function isExactName(pkg: IndexedPackage, query: string): boolean {
  const id = pkg.id;
  const bare = id.slice(id.indexOf('/') + 1);
  return query === id || query === id.slice(1) || query === bare;
}

/** The listed packages a query may be the name of: `@ns/name`, `ns/name` or `name`. */
function namedBy(index: SearchIndex, query: string): IndexedPackage[] {
  const named = [...(index.byName.get(query) ?? [])];
  for (const id of [query, `@${query}`]) {
    const pkg = index.packages.get(id);
    if (pkg) named.push(pkg);
  }
  return named.filter((pkg) => isExactName(pkg, query));
}

/** Adds each term's best score per doc into the totals; returns how many docs were touched. */
function scoreTerms(terms: TermIndex<IndexedPackage>, words: string[], s: Scratch): number {
  const { termBest, termMask, termTouched, total, mask, count, touched } = s;
  let touchedCount = 0;
  for (const word of words) {
    let termCount = 0;
    for (const { quality, posting } of terms.matches(word)) {
      const { entries, length } = posting;
      for (let i = 0; i < length; i++) {
        const entry = entries[i] as number;
        const doc = entry >> FIELD_BITS;
        const fields = entry & FIELD_MASK;
        const score = (MASK_WEIGHTS[fields] as number) * quality;
        const best = termBest[doc] as number;
        if (best === 0) {
          termTouched[termCount++] = doc;
          termBest[doc] = score;
        } else if (score > best) termBest[doc] = score;
        termMask[doc] = (termMask[doc] as number) | fields;
      }
    }
    for (let i = 0; i < termCount; i++) {
      const doc = termTouched[i] as number;
      if (count[doc] === 0) touched[touchedCount++] = doc;
      total[doc] = (total[doc] as number) + (termBest[doc] as number);
      mask[doc] = (mask[doc] as number) | (termMask[doc] as number);
      count[doc] = (count[doc] as number) + 1;
      termBest[doc] = 0;
      termMask[doc] = 0;
    }
  }
  return touchedCount;
}

/** The best `k` of the docs fed to it, by rank (a heap whose root is the worst kept). */
class TopK {
  size = 0;
  constructor(
    private readonly heap: Int32Array,
    private readonly k: number,
    private readonly before: (a: number, b: number) => boolean,
  ) {}

  offer(doc: number): void {
    const { heap, before } = this;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        const above = heap[parent] as number;
        if (!before(above, doc)) break;
        heap[i] = above;
        i = parent;
      }
      heap[i] = doc;
      return;
    }
    if (this.k === 0 || !before(doc, heap[0] as number)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      let worse = left;
      if (right < this.size && before(heap[left] as number, heap[right] as number)) worse = right;
      if (!before(doc, heap[worse] as number)) break;
      heap[i] = heap[worse] as number;
      i = worse;
    }
    heap[i] = doc;
  }

  /** The docs kept, best first. */
  sorted(): number[] {
    return Array.from(this.heap.subarray(0, this.size)).sort((a, b) =>
      this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0,
    );
  }
}

/**
 * The listed packages that pass the filters and match the query, best first, from `offset`, at
 * most `limit`, and how many there are in all; an empty query lists every package (most
 * downloaded first), a query without a word matches none.
 */
export function rankPackages(
  index: SearchIndex,
  q: string,
  filters: Partial<SearchFilters>,
  page: { offset: number; limit: number },
): RankedPage {
  const query = q.trim().toLowerCase();
  const words = tokenize(query, MAX_TERMS);
  const terms = index.terms;
  const s = scratchOf(index);
  const { score, downloads, mask, total, count, touched, exact } = s;
  const wanted = wantedFlags(filters);
  const namespace = filters.namespace;
  const passes = (doc: number, pkg: IndexedPackage) =>
    (terms.flagsOf(doc) & wanted) === wanted && (namespace === undefined || pkg.namespace === namespace);
  const before = (a: number, b: number): boolean => {
    const yankedA = terms.flagsOf(a) & YANKED;
    const yankedB = terms.flagsOf(b) & YANKED;
    if (yankedA !== yankedB) return yankedA === 0;
    const scoreA = score[a] as number;
    const scoreB = score[b] as number;
    if (scoreA !== scoreB) return scoreA > scoreB;
    const downloadsA = downloads[a] as number;
    const downloadsB = downloads[b] as number;
    if (downloadsA !== downloadsB) return downloadsA > downloadsB;
    return (terms.packageOf(a)?.id ?? '') < (terms.packageOf(b)?.id ?? '');
  };
  const top = new TopK(s.heap, page.offset + page.limit, before);
  let matches = 0;
  let touchedCount = 0;
  try {
    if (query === '') {
      for (let doc = 0; doc < terms.capacity; doc++) {
        const pkg = terms.packageOf(doc);
        if (!pkg || !passes(doc, pkg)) continue;
        score[doc] = 0;
        matches += 1;
        top.offer(doc);
      }
    } else {
      touchedCount = scoreTerms(terms, words, s);
      const named = namedBy(index, query);
      for (const pkg of named) {
        const doc = terms.docOf(pkg);
        if (doc !== undefined) exact[doc] = 1;
      }
      for (let i = 0; i < touchedCount; i++) {
        const doc = touched[i] as number;
        const pkg = terms.packageOf(doc);
        if (pkg && passes(doc, pkg)) {
          const bonus = exact[doc] === 1 ? EXACT_NAME_BONUS : 0;
          score[doc] = ((total[doc] as number) * (count[doc] as number)) / words.length + bonus;
          matches += 1;
          top.offer(doc);
        }
      }
      for (const pkg of named) {
        const doc = terms.docOf(pkg);
        if (doc !== undefined) exact[doc] = 0;
      }
    }
    const results = top
      .sorted()
      .slice(page.offset)
      .map((doc) => ({
        pkg: terms.packageOf(doc) as IndexedPackage,
        score: score[doc] as number,
        matched: mask[doc] as number,
        downloads: downloads[doc] as number,
      }));
    return { results, total: matches };
  } finally {
    for (let i = 0; i < touchedCount; i++) {
      const doc = touched[i] as number;
      total[doc] = 0;
      mask[doc] = 0;
      count[doc] = 0;
    }
  }
}

/** The names of the fields in a mask, best first. */
export function matchedFields(mask: number): SearchField[] {
  return SEARCH_FIELDS.filter((_, bit) => mask & (1 << bit));
}
