// The ranker of search (docs/browsing.md, "Search") against a reference ranking written plainly
// here: every package compared with every query term, word by word, then every match sorted. On
// packages and queries drawn from a seeded generator (words that share beginnings and lie one edit
// apart, names a query can equal, yanked packages, unknown permissions, tied downloads), and again
// after packages are replaced and removed (which renumbers the index's docs), the ranker gives the
// same page, in the same order, with the same total and the same matched fields.
import damerauLevenshtein from 'damerau-levenshtein';
import { describe, expect, test } from 'vitest';
import type { Permissions } from '@pkg/shared';
import {
  createSearchIndex,
  dropPackage,
  indexPackage,
  type IndexedDoc,
  type SearchIndex,
} from '../../src/services/registry/search/search-index.js';
import {
  matchedFields,
  rankPackages,
  type SearchFilters,
} from '../../src/services/registry/search/search-rank.js';
import { tokenize, type PackageSearchFields } from '../../src/services/registry/search/search-terms.js';

/** mulberry32: a small seeded generator, so that a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const some = <T>(items: readonly T[], max: number): T[] =>
    Array.from({ length: int(max + 1) }, () => pick(items));
  return { next, int, pick, some };
}
type Random = ReturnType<typeof generator>;

/** Words of few letters, so that many share a beginning or lie one edit apart. */
function vocabulary(r: Random): string[] {
  const words = new Set<string>();
  while (words.size < 60) {
    words.add(Array.from({ length: 2 + r.int(6) }, () => r.pick(['a', 'b', 'c', 'd', 'e', 'o'])).join(''));
  }
  return [...words];
}

/** A query word: a word, its beginning, or the word with one edit. */
function queryWord(r: Random, words: readonly string[]): string {
  const word = r.pick(words);
  const at = r.int(word.length);
  switch (r.int(5)) {
    case 0:
      return word.slice(0, Math.max(2, word.length - 1 - r.int(3)));
    case 1:
      return word.slice(0, at) + r.pick(['a', 'e', 'x']) + word.slice(at);
    case 2:
      return word.slice(0, at) + word.slice(at + 1);
    case 3:
      return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
    default:
      return word;
  }
}

const NAMESPACES = ['geo', 'fin', 'abc'];

function permissions(r: Random): Permissions {
  return {
    fs: { read: [], write: r.int(3) === 0 ? ['out'] : [] },
    network: r.int(3) === 0 ? ['api.example.com'] : [],
    env: r.int(3) === 0 ? ['API_KEY'] : [],
  };
}

function randomDoc(r: Random, words: readonly string[], i: number, revision: number): IndexedDoc {
  const namespace = r.pick(NAMESPACES);
  const name = `${r.pick(words)}-${i}`;
  const description = r.some(words, 4).join(' ');
  const search: PackageSearchFields = {
    version: '1.0.0',
    name: tokenize(`${namespace} ${name}`),
    tools: r.some(words, 5),
    properties: r.some(words, 4),
    description: tokenize(description),
    skill: r.some(words, 12),
    permissions: permissions(r),
    verified: r.int(4) === 0,
  };
  return {
    id: `@${namespace}/${name}`,
    namespace,
    name,
    description,
    latest: '1.0.0',
    latestYanked: r.int(8) === 0,
    latestDeprecated: null,
    revision,
    // Some packages were listed before their search fields were computed: no permissions known.
    search: r.int(10) === 0 ? null : search,
  };
}

// ---- the reference ranking ----

const WEIGHTS = { name: 81, tool: 27, schema: 9, description: 3, skill: 1 } as const;
const FIELDS = ['name', 'tool', 'schema', 'description', 'skill'] as const;

interface Listed {
  id: string;
  namespace: string;
  yanked: boolean;
  verified: boolean;
  permissions: Permissions | null;
  fields: Record<(typeof FIELDS)[number], string[]>;
}

function listed(doc: IndexedDoc): Listed {
  const s = doc.search;
  return {
    id: doc.id,
    namespace: doc.namespace,
    yanked: doc.latestYanked === true,
    verified: s?.verified === true,
    permissions: s?.permissions ?? null,
    fields: {
      name: s?.name ?? tokenize(`${doc.namespace} ${doc.name}`),
      tool: s?.tools ?? [],
      schema: s?.properties ?? [],
      description: s?.description ?? tokenize(doc.description),
      skill: s?.skill ?? [],
    },
  };
}

/** How well a query term matches a word: itself 1, a longer word it begins 0.5, one edit 0.3. */
function quality(term: string, word: string): number {
  if (word === term) return 1;
  if (term.length >= 3 && word.length > term.length && word.startsWith(term)) return 0.5;
  if (term.length >= 4 && damerauLevenshtein(term, word).steps <= 1) return 0.3;
  return 0;
}

function referenceRanking(
  packages: readonly Listed[],
  downloads: ReadonlyMap<string, number>,
  q: string,
  filters: Partial<SearchFilters>,
) {
  const query = q.trim().toLowerCase();
  const terms = tokenize(query, 16);
  const passes = (p: Listed) => {
    if (filters.namespace !== undefined && p.namespace !== filters.namespace) return false;
    if (filters.verified && !p.verified) return false;
    if (filters.noNetwork && !(p.permissions && p.permissions.network.length === 0)) return false;
    if (filters.noFileWrites && !(p.permissions && p.permissions.fs.write.length === 0)) return false;
    if (filters.noEnv && !(p.permissions && p.permissions.env.length === 0)) return false;
    return true;
  };
  const matches: { p: Listed; score: number; fields: string[]; downloads: number }[] = [];
  const qualities = terms.map(() => new Map<string, number>());
  for (const p of packages) {
    if (!passes(p)) continue;
    const d = downloads.get(p.id) ?? 0;
    if (query === '') {
      matches.push({ p, score: 0, fields: [], downloads: d });
      continue;
    }
    let sum = 0;
    let matched = 0;
    const fields = new Set<string>();
    for (const [t, term] of terms.entries()) {
      let best = 0;
      for (const field of FIELDS) {
        for (const word of p.fields[field]) {
          const seen = qualities[t] as Map<string, number>;
          let q = seen.get(word);
          if (q === undefined) seen.set(word, (q = quality(term, word)));
          if (q === 0) continue;
          fields.add(field);
          best = Math.max(best, WEIGHTS[field] * q);
        }
      }
      if (best > 0) {
        sum += best;
        matched += 1;
      }
    }
    if (matched === 0) continue;
    const bare = p.id.slice(p.id.indexOf('/') + 1);
    const exact = query === p.id || query === p.id.slice(1) || query === bare;
    const score = (sum * matched) / terms.length + (exact ? 243 : 0);
    matches.push({ p, score, fields: FIELDS.filter((f) => fields.has(f)), downloads: d });
  }
  matches.sort((a, b) => {
    if (a.p.yanked !== b.p.yanked) return a.p.yanked ? 1 : -1;
    if (a.score !== b.score) return b.score - a.score;
    if (a.downloads !== b.downloads) return b.downloads - a.downloads;
    return a.p.id < b.p.id ? -1 : 1;
  });
  return matches;
}

// ---- the comparison ----

function randomQuery(r: Random, words: readonly string[], packages: readonly Listed[]): string {
  switch (r.int(8)) {
    case 0:
      return '';
    case 1:
      return '  .* ';
    case 2: {
      // A package's name as a user types it: `@ns/name`, `ns/name` or `name`.
      const id = r.pick(packages).id;
      return r.pick([id, id.slice(1), id.slice(id.indexOf('/') + 1)]);
    }
    default:
      return Array.from({ length: 1 + r.int(3) }, () => queryWord(r, words)).join(r.pick([' ', ', ']));
  }
}

function randomFilters(r: Random): Partial<SearchFilters> {
  const filters: Partial<SearchFilters> = {};
  if (r.int(5) === 0) filters.namespace = r.pick(NAMESPACES);
  if (r.int(4) === 0) filters.noNetwork = true;
  if (r.int(5) === 0) filters.noFileWrites = true;
  if (r.int(5) === 0) filters.noEnv = true;
  if (r.int(6) === 0) filters.verified = true;
  return filters;
}

function compareQueries(
  r: Random,
  index: SearchIndex,
  words: readonly string[],
  packages: ReadonlyMap<string, Listed>,
  count: number,
): void {
  const all = [...packages.values()];
  for (let i = 0; i < count; i++) {
    const q = randomQuery(r, words, all);
    const filters = randomFilters(r);
    const limit = 1 + r.int(25);
    const offset = limit * r.int(4);
    const expected = referenceRanking(all, index.downloads, q, filters);
    const actual = rankPackages(index, q, filters, { offset, limit });
    const context = JSON.stringify({ q, filters, offset, limit });
    expect(actual.total, context).toBe(expected.length);
    expect(
      actual.results.map((m) => ({ id: m.pkg.id, score: m.score, fields: matchedFields(m.matched) })),
      context,
    ).toEqual(
      expected.slice(offset, offset + limit).map((m) => ({ id: m.p.id, score: m.score, fields: m.fields })),
    );
  }
}

function randomDownloads(r: Random, ids: Iterable<string>): Map<string, number> {
  const downloads = new Map<string, number>();
  // Few distinct counts, so that many ties fall to the name.
  for (const id of ids) if (r.int(3) > 0) downloads.set(id, r.pick([0, 1, 5, 5, 40]));
  return downloads;
}

describe('the search ranker gives the reference ranking', () => {
  test.each([1, 2, 3, 4, 5])('seed %i: same pages, order and totals, before and after changes', (seed) => {
    const r = generator(seed);
    const words = vocabulary(r);
    const index = createSearchIndex();
    const packages = new Map<string, Listed>();
    const put = (doc: IndexedDoc) => {
      indexPackage(index, doc);
      packages.set(doc.id, listed(doc));
    };
    for (let i = 0; i < 400; i++) put(randomDoc(r, words, i, 1));
    index.downloads = randomDownloads(r, packages.keys());
    compareQueries(r, index, words, packages, 150);

    // Replaced and removed packages: their old entries are skipped, then compacted away.
    const ids = [...packages.keys()];
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 80; k++) {
        const id = r.pick(ids);
        const old = packages.get(id);
        if (!old) continue;
        if (r.int(4) === 0) {
          dropPackage(index, id);
          packages.delete(id);
        } else {
          const [, namespace, name] = /^@([^/]+)\/(.+)$/.exec(id) ?? [];
          put({ ...randomDoc(r, words, k, round + 2), id, namespace: namespace ?? '', name: name ?? '' });
        }
      }
      for (let i = 0; i < 30; i++) put(randomDoc(r, words, 1000 + round * 100 + i, 1));
      index.downloads = randomDownloads(r, packages.keys());
      compareQueries(r, index, words, packages, 100);
    }
  });
});

describe('search by words whose beginnings share a hash', () => {
  // The index files the beginnings and the one-letter variants of its words by a hash of their
  // letters (term-index.ts): "afgyb" and "cbcdh" have the same one, so each word filed under it
  // must be told apart from the other by its letters.
  const doc = (name: string, word: string): IndexedDoc => ({
    id: `@geo/${name}`,
    namespace: 'geo',
    name,
    description: word,
    latest: '1.0.0',
    latestYanked: false,
    latestDeprecated: null,
    revision: 1,
    search: null,
  });
  const ids = (index: SearchIndex, q: string) =>
    rankPackages(index, q, {}, { offset: 0, limit: 10 }).results.map((r) => r.pkg.id);

  test('a word begun by one of them is found by it, not by the other', () => {
    const index = createSearchIndex();
    indexPackage(index, doc('first', 'afgybzz'));
    indexPackage(index, doc('second', 'cbcdhzz'));
    indexPackage(index, doc('third', 'cbcdh'));
    expect(ids(index, 'afgyb')).toEqual(['@geo/first']);
    expect(ids(index, 'cbcdh').sort()).toEqual(['@geo/second', '@geo/third']);
    dropPackage(index, '@geo/second');
    expect(ids(index, 'cbcdh')).toEqual(['@geo/third']);
    expect(ids(index, 'afgyb')).toEqual(['@geo/first']);
  });
});
