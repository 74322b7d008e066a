// Firecrawl, the third web provider (docs/data-layer.md, "Web"), API v2:
// - web.search: POST /v2/search with `limit` and each result's page text (`scrapeOptions.formats:
//   ['markdown']`); `description` is the snippet;
// - web.extract: POST /v2/scrape, one call per URL, in order (extract.ts);
// - web.map: POST /v2/map; links `{url, title?}` (plain strings, the v1 form, become `{url}`).
// Credits: `creditsUsed` of the answer, or the sum of each document's `metadata.creditsUsed`, as
// `usage.credits`; absent when Firecrawl reported none.
import type { z } from 'zod';
import type { webMap, webSearch } from '../../capabilities/web.js';
import { compact } from '../../compact.js';
import type { WebMapResult, WebSearchResult } from '../../web/web-types.js';
import type { CapabilityHandler, ProviderFactory } from '../provider-types.js';
import { num, str, webPage, webUsage } from '../web-errors.js';
import { extract } from './extract.js';
import { createFirecrawlCall, type FirecrawlCall } from './http.js';
import { creditUsageSchema, mapSchema, searchSchema } from './payloads.js';
import { first, SCRAPE_OPTIONS, sum } from './values.js';

type SearchParams = z.output<typeof webSearch.params>;
type MapParams = z.output<typeof webMap.params>;

const search =
  (call: FirecrawlCall): CapabilityHandler =>
  async (params) => {
    const { query, limit, maxCharacters } = params as SearchParams;
    const answer = await call(
      { path: '/v2/search', body: { query, limit, scrapeOptions: SCRAPE_OPTIONS } },
      searchSchema,
    );
    const web = answer.data.web ?? [];
    const data: WebSearchResult = {
      query,
      results: web.map((r) =>
        webPage(
          {
            url: r.url,
            title: str(r.title) ?? first(r.metadata?.title),
            snippet: str(r.description) ?? first(r.metadata?.description),
            text: r.markdown,
          },
          maxCharacters,
        ),
      ),
      usage: webUsage(num(answer.creditsUsed) ?? sum(web.map((r) => r.metadata?.creditsUsed)), undefined),
    };
    return { data: compact(data) };
  };

const map =
  (call: FirecrawlCall): CapabilityHandler =>
  async (params) => {
    const { url, limit } = params as MapParams;
    const answer = await call({ path: '/v2/map', body: { url, limit } }, mapSchema);
    const data: WebMapResult = {
      url,
      links: answer.links
        .slice(0, limit)
        .map((link) =>
          typeof link === 'string'
            ? { url: link }
            : (compact({ url: link.url, title: str(link.title) }) as WebMapResult['links'][number]),
        ),
      usage: webUsage(num(answer.creditsUsed), undefined),
    };
    return { data: compact(data) };
  };

export const createFirecrawlProvider: ProviderFactory = (endpoint, context) => {
  const call = createFirecrawlCall(endpoint, context);
  return {
    handlers: {
      'web.search': search(call),
      'web.extract': extract(call, context.redact),
      'web.map': map(call),
    },
    // GET /v2/team/credit-usage: free, and it checks the key.
    health: async () => {
      const usage = await call({ path: '/v2/team/credit-usage', method: 'GET' }, creditUsageSchema);
      return compact({
        remainingCredits: num(usage.data.remainingCredits),
        planCredits: num(usage.data.planCredits),
        billingPeriodEnd: str(usage.data.billingPeriodEnd),
      }) as Record<string, unknown>;
    },
  };
};
