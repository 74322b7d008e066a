// The words of the listed packages, in memory (docs/browsing.md, "Search"): each package has a
// dense integer id (its doc); for each word, the docs that have it and in which of their fields,
// as a typed array a search scans without allocating; for the match of a word's beginning, the
// words by their first letters (PREFIX_MIN_LENGTH or more); and for the typo match, each word's
// variants with one letter left out, so that the words one edit away from a query term
// (Damerau–Levenshtein distance 1: a letter added, left out, changed, or two neighbours swapped)
// are found by looking up the term's own variants instead of comparing it with every word. What a
// term matches is kept in a small LRU cache until a word comes or goes.
// Kept small (docs/performance.md, "Memory, fifth pass"): each word has a number, each doc's words
// are numbers in one shared typed array, and the beginnings and variants are filed by a hash of
// their letters, each under a number or a short array of word numbers, not a string and a Set.
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

/**
 * The docs that have one word and the fields each has it in, packed one entry an Int32: the doc
 * shifted left by FIELD_BITS, the field mask below (entries 0..length-1).
 */
export interface Posting {
  /** The word, one instance shared by every package's entry (docs/performance.md, "Server memory"). */
  word: string;
  /** The word's number, its place in the index's table of words (reused once the word is gone). */
  id: number;
  entries: Int32Array;
  length: number;
  /** How many of the entries are of docs not removed. */
  live: number;
}

/** Bits of a posting's entry that hold the field mask (one bit a field of SEARCH_FIELDS). */
export const FIELD_BITS = 5;
export const FIELD_MASK = (1 << FIELD_BITS) - 1;

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

/** Whether `key` is `word` with one of its letters left out. */
function isDeletionOf(key: string, word: string): boolean {
  if (word.length !== key.length + 1) return false;
  let i = 0;
  while (i < key.length && key.charCodeAt(i) === word.charCodeAt(i)) i++;
  return word.endsWith(key.slice(i));
}

/**
 * A string's 30-bit FNV-1a hash: the key a beginning or a variant is filed under, a small integer
 * instead of a string of its own (docs/performance.md, "Memory, fifth pass"). Words filed under
 * the same number by different keys are told apart by comparing the word with the key.
 */
function keyHash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 2;
}

/** Word numbers filed under one key: one number, or several in the order they were filed. */
type Filed = number | number[];

function file(map: Map<number, Filed>, key: number, id: number): void {
  const filed = map.get(key);
  if (filed === undefined) map.set(key, id);
  else if (typeof filed === 'number') {
    if (filed !== id) map.set(key, [filed, id]);
  } else if (filed[filed.length - 1] !== id) filed.push(id);
}

function unfile(map: Map<number, Filed>, key: number, id: number): void {
  const filed = map.get(key);
  if (filed === undefined) return;
  if (typeof filed === 'number') {
    if (filed === id) map.delete(key);
    return;
  }
  const left = filed.filter((other) => other !== id);
  if (left.length === filed.length) return;
  map.set(key, left.length === 1 ? (left[0] as number) : left);
}

function* filedUnder(map: Map<number, Filed>, key: number): Generator<number> {
  const filed = map.get(key);
  if (filed === undefined) return;
  if (typeof filed === 'number') yield filed;
  else yield* filed;
}

function append(posting: Posting, doc: number, mask: number): void {
  if (posting.length === posting.entries.length) {
    const entries = new Int32Array(Math.max(4, posting.entries.length * 2));
    entries.set(posting.entries);
    posting.entries = entries;
  }
  posting.entries[posting.length] = (doc << FIELD_BITS) | mask;
  posting.length += 1;
  posting.live += 1;
}

/** Grows a typed array to at least `size` entries, doubling. */
function grown<A extends Int32Array | Uint8Array>(array: A, size: number, make: (n: number) => A): A {
  if (size <= array.length) return array;
  let length = Math.max(array.length, 16);
  while (length < size) length *= 2;
  const out = make(length);
  out.set(array);
  return out;
}

export class TermIndex<P> {
  /** word → its posting. */
  private readonly postings = new Map<string, Posting>();
  /** word number → its posting (undefined: a number free for the next new word). */
  private readonly words: (Posting | undefined)[] = [];
  private readonly freeIds: number[] = [];
  /** the hash of a word, or of a word with one letter left out → the numbers of the words. */
  private readonly variants = new Map<number, Filed>();
  /** the hash of the first letters of words (shorter than the word) → the numbers of the words. */
  private readonly prefixes = new Map<number, Filed>();
  /** package → its doc. */
  private readonly docs = new Map<P, number>();
  /** doc → where its word numbers start in `docWords`, and how many; to remove them again. */
  private docWordsAt = new Int32Array(256);
  private docWordCount = new Int32Array(256);
  private docWords = new Int32Array(4096);
  private docWordsEnd = 0;
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
    return this.docs.get(pkg);
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
    this.docFlags = grown(this.docFlags, doc + 1, (n) => new Uint8Array(n));
    this.docWordsAt = grown(this.docWordsAt, doc + 1, (n) => new Int32Array(n));
    this.docWordCount = grown(this.docWordCount, doc + 1, (n) => new Int32Array(n));
    this.docWords = grown(this.docWords, this.docWordsEnd + masks.size, (n) => new Int32Array(n));
    this.docFlags[doc] = flags;
    this.docWordsAt[doc] = this.docWordsEnd;
    this.docWordCount[doc] = masks.size;
    for (const [word, mask] of masks) {
      const posting = this.postings.get(word) ?? this.addWord(word);
      append(posting, doc, mask);
      this.docWords[this.docWordsEnd++] = posting.id;
    }
    this.docs.set(pkg, doc);
    return doc;
  }

  remove(pkg: P): void {
    const doc = this.docs.get(pkg);
    if (doc === undefined) return;
    this.docs.delete(pkg);
    this.packages[doc] = undefined;
    this.removed += 1;
    const at = this.docWordsAt[doc] ?? 0;
    const end = at + (this.docWordCount[doc] ?? 0);
    for (let i = at; i < end; i++) {
      const posting = this.words[this.docWords[i] ?? -1];
      if (!posting) continue;
      posting.live -= 1;
      if (posting.live === 0) this.removeWord(posting);
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
      for (const id of filedUnder(this.prefixes, keyHash(term))) {
        const word = this.words[id]?.word;
        if (word !== undefined && word.length > term.length && word.startsWith(term))
          found.set(word, PREFIX_QUALITY);
      }
    }
    if (term.length >= FUZZY_MIN_LENGTH) {
      for (const key of [term, ...deletions(term)]) {
        for (const id of filedUnder(this.variants, keyHash(key))) {
          const word = this.words[id]?.word;
          if (word === undefined || found.has(word) || (word !== key && !isDeletionOf(key, word))) continue;
          if (damerauLevenshtein(term, word).steps <= 1) found.set(word, FUZZY_QUALITY);
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

  /**
   * Gives back the room the arrays grew ahead (they double as they fill): called once every
   * package is read, after which few words are added.
   */
  trim(): void {
    this.docWords = this.docWords.slice(0, Math.max(this.docWordsEnd, 16));
    for (const posting of this.postings.values()) {
      if (posting.entries.length > posting.length) posting.entries = posting.entries.slice(0, posting.length);
    }
  }

  private addWord(word: string): Posting {
    const id = this.freeIds.pop() ?? this.words.length;
    const posting: Posting = { word, id, entries: new Int32Array(4), length: 0, live: 0 };
    this.postings.set(word, posting);
    this.words[id] = posting;
    for (const { map, key } of this.keysOf(word)) file(map, key, id);
    this.expansions.clear();
    return posting;
  }

  private removeWord(posting: Posting): void {
    this.postings.delete(posting.word);
    this.words[posting.id] = undefined;
    this.freeIds.push(posting.id);
    for (const { map, key } of this.keysOf(posting.word)) unfile(map, key, posting.id);
    this.expansions.clear();
  }

  /** Drops the removed docs' entries and numbers the docs left 0, 1, 2 … in their order. */
  private compact(): void {
    const renumbered = new Int32Array(this.packages.length).fill(-1);
    const packages: P[] = [];
    const flags = new Uint8Array(Math.max(256, this.docFlags.length));
    const wordsAt = new Int32Array(Math.max(256, this.docWordsAt.length));
    const wordCount = new Int32Array(Math.max(256, this.docWordCount.length));
    const words = new Int32Array(Math.max(4096, this.docWords.length));
    let end = 0;
    this.packages.forEach((pkg, doc) => {
      if (pkg === undefined) return;
      const at = packages.length;
      renumbered[doc] = at;
      flags[at] = this.docFlags[doc] ?? 0;
      const from = this.docWordsAt[doc] ?? 0;
      const count = this.docWordCount[doc] ?? 0;
      words.set(this.docWords.subarray(from, from + count), end);
      wordsAt[at] = end;
      wordCount[at] = count;
      end += count;
      packages.push(pkg);
    });
    for (const posting of this.postings.values()) {
      let kept = 0;
      for (let i = 0; i < posting.length; i++) {
        const entry = posting.entries[i] ?? 0;
        const doc = renumbered[entry >> FIELD_BITS] ?? -1;
        if (doc < 0) continue;
        posting.entries[kept] = (doc << FIELD_BITS) | (entry & FIELD_MASK);
        kept += 1;
      }
      posting.length = kept;
    }
    for (const [pkg, doc] of this.docs) this.docs.set(pkg, renumbered[doc] ?? -1);
    this.packages = packages;
    this.docFlags = flags;
    this.docWordsAt = wordsAt;
    this.docWordCount = wordCount;
    this.docWords = words;
    this.docWordsEnd = end;
    this.removed = 0;
    this.generation += 1;
  }

  /** Where a word is filed: under its beginnings, and itself and its one-letter deletions. */
  private keysOf(word: string): { map: Map<number, Filed>; key: number }[] {
    const keys: { map: Map<number, Filed>; key: number }[] = [];
    for (let n = PREFIX_MIN_LENGTH; n < word.length; n++)
      keys.push({ map: this.prefixes, key: keyHash(word.slice(0, n)) });
    if (word.length >= FUZZY_MIN_LENGTH - 1) {
      for (const key of [word, ...deletions(word)]) keys.push({ map: this.variants, key: keyHash(key) });
    }
    return keys;
  }
}
