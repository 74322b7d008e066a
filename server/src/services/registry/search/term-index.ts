// The words of the listed packages, in memory (docs/browsing.md, "Search"): each package has a
// dense integer id (its doc); for each word, the docs that have it and in which of their fields,
// as typed arrays a search scans without allocating; for the match of a word's beginning, the
// words by their first letters (PREFIX_MIN_LENGTH or more); and for the typo match, each word's
// variants with one letter left out, so that the words one edit away from a query term
// (Damerau–Levenshtein distance 1: a letter added, left out, changed, or two neighbours swapped)
// are found by looking up the term's own variants instead of comparing it with every word. What a
// term matches is kept in a small LRU cache until a word comes or goes.
// A package removed (or replaced) leaves its doc's entries in the postings, skipped by a search,
// until the removed docs are a quarter of all: then every posting is compacted and the docs
// renumbered (`generation` counts the renumberings).
import damerauLevenshtein from 'damerau-levenshtein';
import { LRUCache } from 'lru-cache';

/** The fields search matches, best first; a package's field mask has bit i for SEARCH_FIELDS[i]. */
export const SEARCH_FIELDS = ['name', 'tool', 'schema', 'description', 'skill'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A query term matches a word one edit away only when the term has at least this many letters. */
export const FUZZY_MIN_LENGTH = 4;

/** A query term of this many letters or more also matches the words it begins. */
export const PREFIX_MIN_LENGTH = 3;

export const PREFIX_QUALITY = 0.5;
export const FUZZY_QUALITY = 0.3;

/** How many query terms' matches are kept. */
const EXPANSION_CACHE_SIZE = 1024;
/** Removed docs are compacted away once they are this share of all docs (and at least MIN). */
const COMPACT_SHARE = 0.25;
const COMPACT_MIN = 64;

/** The docs that have one word, each with the mask of the fields it is in (entries 0..length-1). */
export interface Posting {
  /** The word, one instance shared by every package's entry (docs/performance.md, "Server memory"). */
  word: string;
  ids: Int32Array;
  masks: Uint8Array;
  length: number;
  /** How many of the entries are of docs not removed. */
  live: number;
}

/**
 * A word a query term matches and how well: 1 the same word, PREFIX_QUALITY a word the term
 * begins, FUZZY_QUALITY a word one edit away.
 */
export interface TermMatch {
  word: string;
  quality: number;
  posting: Posting;
}

/** The word with each one of its letters left out in turn (the word itself not included). */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

function append(posting: Posting, doc: number, mask: number): void {
  if (posting.length === posting.ids.length) {
    const ids = new Int32Array(posting.ids.length * 2);
    ids.set(posting.ids);
    const masks = new Uint8Array(posting.masks.length * 2);
    masks.set(posting.masks);
    posting.ids = ids;
    posting.masks = masks;
  }
  posting.ids[posting.length] = doc;
  posting.masks[posting.length] = mask;
  posting.length += 1;
  posting.live += 1;
}

export class TermIndex<P> {
  /** word → its posting. */
  private readonly postings = new Map<string, Posting>();
  /** a word, or a word with one letter left out → the words it comes from. */
  private readonly variants = new Map<string, Set<string>>();
  /** the first letters of words (shorter than the word) → the words. */
  private readonly prefixes = new Map<string, Set<string>>();
  /** package → its doc and its words, to remove them again. */
  private readonly entries = new Map<P, { doc: number; words: string[] }>();
  private readonly expansions = new LRUCache<string, TermMatch[]>({ max: EXPANSION_CACHE_SIZE });
  /** doc → its package; undefined once removed. */
  private packages: (P | undefined)[] = [];
  /** doc → the caller's flags of its package (a byte). */
  private docFlags = new Uint8Array(256);
  private removed = 0;
  /** Bumped each time the docs are renumbered. */
  generation = 0;

  /** One more than the highest doc: arrays indexed by doc need this many entries. */
  get capacity(): number {
    return this.packages.length;
  }

  /** The package of a doc (undefined: removed). */
  packageOf(doc: number): P | undefined {
    return this.packages[doc];
  }

  /** The doc of a package, if listed. */
  docOf(pkg: P): number | undefined {
    return this.entries.get(pkg)?.doc;
  }

  /** The flags given with a doc's package. */
  flagsOf(doc: number): number {
    return this.docFlags[doc] ?? 0;
  }

  /** Adds (or replaces) a package's words, by field, with its flags (a byte); returns its doc. */
  set(pkg: P, fields: Readonly<Record<SearchField, readonly string[]>>, flags: number): number {
    this.remove(pkg);
    const masks = new Map<string, number>();
    SEARCH_FIELDS.forEach((field, bit) => {
      for (const word of fields[field]) masks.set(word, (masks.get(word) ?? 0) | (1 << bit));
    });
    const doc = this.packages.length;
    this.packages.push(pkg);
    if (doc >= this.docFlags.length) {
      const grown = new Uint8Array(this.docFlags.length * 2);
      grown.set(this.docFlags);
      this.docFlags = grown;
    }
    this.docFlags[doc] = flags;
    const words: string[] = [];
    for (const [word, mask] of masks) {
      let posting = this.postings.get(word);
      if (!posting) {
        posting = { word, ids: new Int32Array(4), masks: new Uint8Array(4), length: 0, live: 0 };
        this.postings.set(word, posting);
        this.addVariants(word);
        this.expansions.clear();
      }
      append(posting, doc, mask);
      words.push(posting.word);
    }
    this.entries.set(pkg, { doc, words });
    return doc;
  }

  remove(pkg: P): void {
    const entry = this.entries.get(pkg);
    if (!entry) return;
    this.entries.delete(pkg);
    this.packages[entry.doc] = undefined;
    this.removed += 1;
    for (const word of entry.words) {
      const posting = this.postings.get(word);
      if (!posting) continue;
      posting.live -= 1;
      if (posting.live === 0) {
        this.postings.delete(word);
        this.removeVariants(word);
        this.expansions.clear();
      }
    }
    if (this.removed >= COMPACT_MIN && this.removed >= this.packages.length * COMPACT_SHARE) this.compact();
  }

  /** The docs that have `word`, each with the mask of the fields it is in (removed docs too). */
  postingOf(word: string): Posting | undefined {
    return this.postings.get(word);
  }

  /**
   * The words a query term matches, each once at its best: itself; (3 letters or more) the words it
   * begins; (4 letters or more) the words one edit away.
   */
  matches(term: string): readonly TermMatch[] {
    const cached = this.expansions.get(term);
    if (cached) return cached;
    const found = new Map<string, number>();
    if (this.postings.has(term)) found.set(term, 1);
    if (term.length >= PREFIX_MIN_LENGTH) {
      for (const word of this.prefixes.get(term) ?? []) found.set(word, PREFIX_QUALITY);
    }
    if (term.length >= FUZZY_MIN_LENGTH) {
      for (const key of [term, ...deletions(term)]) {
        for (const word of this.variants.get(key) ?? []) {
          if (!found.has(word) && damerauLevenshtein(term, word).steps <= 1) found.set(word, FUZZY_QUALITY);
        }
      }
    }
    const matches: TermMatch[] = [];
    for (const [word, quality] of found) {
      const posting = this.postings.get(word);
      if (posting) matches.push({ word, quality, posting });
    }
    this.expansions.set(term, matches);
    return matches;
  }

  /** Drops the removed docs' entries and numbers the docs left 0, 1, 2 … in their order. */
  private compact(): void {
    const renumbered = new Int32Array(this.packages.length).fill(-1);
    const packages: P[] = [];
    const flags = new Uint8Array(Math.max(256, this.docFlags.length));
    this.packages.forEach((pkg, doc) => {
      if (pkg === undefined) return;
      renumbered[doc] = packages.length;
      flags[packages.length] = this.docFlags[doc] ?? 0;
      packages.push(pkg);
    });
    for (const posting of this.postings.values()) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        const doc = renumbered[posting.ids[i] ?? 0] ?? -1;
        if (doc < 0) continue;
        posting.ids[kept] = doc;
        posting.masks[kept] = posting.masks[i] ?? 0;
        kept += 1;
      }
      posting.length = kept;
    }
    for (const entry of this.entries.values()) entry.doc = renumbered[entry.doc] ?? -1;
    this.packages = packages;
    this.docFlags = flags;
    this.removed = 0;
    this.generation += 1;
  }

  private addVariants(word: string): void {
    for (const key of this.keysOf(word)) {
      let words = key.map.get(key.key);
      if (!words) key.map.set(key.key, (words = new Set()));
      words.add(word);
    }
  }

  private removeVariants(word: string): void {
    for (const key of this.keysOf(word)) {
      const words = key.map.get(key.key);
      words?.delete(word);
      if (words?.size === 0) key.map.delete(key.key);
    }
  }

  /** Where a word is filed: under its beginnings, and itself and its one-letter deletions. */
  private keysOf(word: string): { map: Map<string, Set<string>>; key: string }[] {
    const keys: { map: Map<string, Set<string>>; key: string }[] = [];
    for (let n = PREFIX_MIN_LENGTH; n < word.length; n++)
      keys.push({ map: this.prefixes, key: word.slice(0, n) });
    if (word.length >= FUZZY_MIN_LENGTH - 1) {
      for (const key of [word, ...deletions(word)]) keys.push({ map: this.variants, key });
    }
    return keys;
  }
}
