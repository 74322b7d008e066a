// Search (docs/browsing.md, "Search"; docs/registry-api.md): the ranked packages of the index
// (search-index.ts, search-rank.ts), filtered, one page of them, with how many match in all. The
// one search of the registry: packages.search (the website, `pkg search`, GET /packages/search)
// and the MCP tool search_packages call it.
import { SEARCH_LIMIT, type SearchPackagesOutput } from '@pkg/shared';
import type { RegistryDeps } from '../registry-deps.js';
import { readSearchIndex } from './search-index.js';
import { matchedFields, rankPackages, type SearchFilters } from './search-rank.js';

export interface SearchQuery extends Partial<SearchFilters> {
  q: string;
  limit?: number | undefined;
  page?: number | undefined;
}

export async function searchPackages(deps: RegistryDeps, input: SearchQuery): Promise<SearchPackagesOutput> {
  const limit = Math.min(SEARCH_LIMIT.max, Math.max(SEARCH_LIMIT.min, input.limit ?? SEARCH_LIMIT.default));
  const page = Math.max(1, input.page ?? 1);
  const index = await readSearchIndex(deps);
  const ranked = rankPackages(index, input.q, input, { offset: (page - 1) * limit, limit });
  return {
    query: input.q,
    results: ranked.results.map(({ pkg, matched, downloads }) => ({
      name: pkg.id,
      description: pkg.description,
      latest: pkg.latest,
      yanked: pkg.yanked,
      deprecated: pkg.deprecated,
      weeklyDownloads: downloads,
      verified: pkg.verified,
      ...(pkg.permissions ? { permissions: pkg.permissions } : {}),
      matched: matchedFields(matched),
    })),
    total: ranked.total,
    page,
    limit,
  };
}
