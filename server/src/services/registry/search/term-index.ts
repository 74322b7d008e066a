// The words of the listed packages, in memory (docs/browsing.md, "Search"): for each word, the
// packages that have it and in which of their fields; for the match of a word's beginning, the
// words by their first letters (PREFIX_MIN_LENGTH or more); and for the typo match, each word's
// variants with one letter left out, so that the words one edit away from a query term
// (Damerau–Levenshtein distance 1: a letter added, left out, changed, or two neighbours swapped)
// are found by looking up the term's own variants instead of comparing it with every word.
import damerauLevenshtein from 'damerau-levenshtein';

/** The fields search matches, best first; a package's field mask has bit i for SEARCH_FIELDS[i]. */
export const SEARCH_FIELDS = ['name', 'tool', 'schema', 'description', 'skill'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A query term matches a word one edit away only when the term has at least this many letters. */
export const FUZZY_MIN_LENGTH = 4;

/** A query term of this many letters or more also matches the words it begins. */
export const PREFIX_MIN_LENGTH = 3;

/**
 * A word and how well it matched a term: 1 the same word, PREFIX_QUALITY a word the term begins,
 * FUZZY_QUALITY a word one edit away.
 */
export interface TermMatch {
  word: string;
  quality: number;
}
export const PREFIX_QUALITY = 0.5;
export const FUZZY_QUALITY = 0.3;

/** The word with each one of its letters left out in turn (the word itself not included). */
function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

export class TermIndex<P> {
  /** word → package → field mask. */
  private readonly postings = new Map<string, Map<P, number>>();
  /** a word, or a word with one letter left out → the words it comes from. */
  private readonly variants = new Map<string, Set<string>>();
  /** the first letters of words (shorter than the word) → the words. */
  private readonly prefixes = new Map<string, Set<string>>();
  /** package → its words, to remove them again. */
  private readonly wordsOf = new Map<P, string[]>();

  /** Adds (or replaces) a package's words, by field. */
  set(pkg: P, fields: Readonly<Record<SearchField, readonly string[]>>): void {
    this.remove(pkg);
    const masks = new Map<string, number>();
    SEARCH_FIELDS.forEach((field, bit) => {
      for (const word of fields[field]) masks.set(word, (masks.get(word) ?? 0) | (1 << bit));
    });
    for (const [word, mask] of masks) {
      let posting = this.postings.get(word);
      if (!posting) {
        posting = new Map();
        this.postings.set(word, posting);
        this.addVariants(word);
      }
      posting.set(pkg, mask);
    }
    this.wordsOf.set(pkg, [...masks.keys()]);
  }

  remove(pkg: P): void {
    const words = this.wordsOf.get(pkg);
    if (!words) return;
    this.wordsOf.delete(pkg);
    for (const word of words) {
      const posting = this.postings.get(word);
      posting?.delete(pkg);
      if (posting?.size === 0) {
        this.postings.delete(word);
        this.removeVariants(word);
      }
    }
  }

  /** The packages that have `word`, each with the mask of the fields it is in. */
  packagesWith(word: string): ReadonlyMap<P, number> | undefined {
    return this.postings.get(word);
  }

  /**
   * The words a query term matches, each once at its best: itself; (3 letters or more) the words it
   * begins; (4 letters or more) the words one edit away.
   */
  matches(term: string): TermMatch[] {
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
    return [...found].map(([word, quality]) => ({ word, quality }));
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
