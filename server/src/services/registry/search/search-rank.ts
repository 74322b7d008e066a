// The ranking (docs/browsing.md, "Search"). Each query term scores, in each package, its best
// match: the weight of the field it is in (a name outranks a tool, a tool a schema property name,
// a property name the description, the description SKILL.md), times 1 for the word itself,
// PREFIX_QUALITY for a word the term begins, FUZZY_QUALITY for a word one edit away. A package's score is the sum over the terms, times the
// share of the terms it matches; the query equal to the package's name adds EXACT_NAME_BONUS.
// Ties go to more downloads in the last 7 days, then to the name in ascending order, so that a
// result keeps its place from one page to the next.
import type { SearchPackagesInput } from '@pkg/shared';
import type { IndexedPackage, SearchIndex } from './search-index.js';
import { tokenize } from './search-terms.js';
import { SEARCH_FIELDS, type SearchField } from './term-index.js';

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

export function passes(pkg: IndexedPackage, filters: Partial<SearchFilters>): boolean {
  if (filters.namespace !== undefined && pkg.namespace !== filters.namespace) return false;
  if (filters.verified && !pkg.verified) return false;
  const wantsPermissions = filters.noNetwork || filters.noFileWrites || filters.noEnv;
  if (!wantsPermissions) return true;
  const p = pkg.permissions;
  if (!p) return false;
  if (filters.noNetwork && p.network.length > 0) return false;
  if (filters.noFileWrites && p.fs.write.length > 0) return false;
  return !(filters.noEnv && p.env.length > 0);
}

/** The weight of a field mask: its best field's (one entry per mask). */
const MASK_WEIGHTS = Array.from({ length: 1 << SEARCH_FIELDS.length }, (_, mask) =>
  Math.max(0, ...SEARCH_FIELDS.map((field, bit) => (mask & (1 << bit) ? FIELD_WEIGHTS[field] : 0))),
);

interface Score {
  score: number;
  mask: number;
}

/** The best score of one term in each package it matches, with the fields it matched in. */
function scoreTerm(index: SearchIndex, term: string): Map<IndexedPackage, Score> {
  const best = new Map<IndexedPackage, Score>();
  for (const { word, quality } of index.terms.matches(term)) {
    for (const [pkg, mask] of index.terms.packagesWith(word) ?? []) {
      const score = (MASK_WEIGHTS[mask] ?? 0) * quality;
      const seen = best.get(pkg);
      if (!seen) best.set(pkg, { score, mask });
      else {
        if (score > seen.score) seen.score = score;
        seen.mask |= mask;
      }
    }
  }
  return best;
}

function isExactName(pkg: IndexedPackage, query: string): boolean {
  const id = pkg.id;
  const bare = id.slice(id.indexOf('/') + 1);
  return query === id || query === id.slice(1) || query === bare;
}

function byRank(a: RankedPackage, b: RankedPackage): number {
  if (a.pkg.yanked !== b.pkg.yanked) return a.pkg.yanked ? 1 : -1;
  if (a.score !== b.score) return b.score - a.score;
  if (a.downloads !== b.downloads) return b.downloads - a.downloads;
  return a.pkg.id < b.pkg.id ? -1 : a.pkg.id > b.pkg.id ? 1 : 0;
}

/**
 * Every listed package that passes the filters and matches the query, best first; an empty query
 * lists every package (most downloaded first), a query without a word matches none.
 */
export function rankPackages(
  index: SearchIndex,
  q: string,
  filters: Partial<SearchFilters>,
): RankedPackage[] {
  const query = q.trim().toLowerCase();
  const terms = tokenize(query, MAX_TERMS);
  const downloadsOf = (pkg: IndexedPackage) => index.downloads.get(pkg.id) ?? 0;
  const ranked: RankedPackage[] = [];
  if (query === '') {
    for (const pkg of index.packages.values()) {
      if (passes(pkg, filters)) ranked.push({ pkg, score: 0, matched: 0, downloads: downloadsOf(pkg) });
    }
    return ranked.sort(byRank);
  }
  const totals = new Map<IndexedPackage, Score & { terms: number }>();
  for (const term of terms) {
    for (const [pkg, { score, mask }] of scoreTerm(index, term)) {
      const total = totals.get(pkg);
      if (!total) totals.set(pkg, { score, mask, terms: 1 });
      else {
        total.score += score;
        total.mask |= mask;
        total.terms += 1;
      }
    }
  }
  for (const [pkg, total] of totals) {
    if (!passes(pkg, filters)) continue;
    const bonus = isExactName(pkg, query) ? EXACT_NAME_BONUS : 0;
    const score = (total.score * total.terms) / terms.length + bonus;
    ranked.push({ pkg, score, matched: total.mask, downloads: downloadsOf(pkg) });
  }
  return ranked.sort(byRank);
}

/** The names of the fields in a mask, best first. */
export function matchedFields(mask: number): SearchField[] {
  return SEARCH_FIELDS.filter((_, bit) => mask & (1 << bit));
}
