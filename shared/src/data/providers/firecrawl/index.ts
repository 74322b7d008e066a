// Firecrawl, the third web provider (docs/data-layer.md, "Web routing"), API v2:
// - web.search: POST /v2/search with `limit` and each result's page text (`scrapeOptions.formats:
//   ['markdown']`); `description` is the snippet;
// - web.extract: POST /v2/scrape with `formats: ['markdown']`, one call per URL, in order. A URL
//   whose scrape fails (an HTTP error, a time-out) goes into `failed` when another URL succeeded;
//   when none succeeded, the first error is thrown as mapped (a 402 or 5xx moves to the next
//   provider). An answer about the key or the account (401, 402, 429) stops asking: it is thrown
//   when no URL succeeded yet, else it and the URLs not yet asked go into `failed`. A page that
//   answered Firecrawl with an HTTP error (`metadata.statusCode` 4xx/5xx) is a failed URL, never
//   page text;
// - web.map: POST /v2/map; links `{url, title?}` (plain strings, the v1 form, become `{url}`).
// Credits: `creditsUsed` of the answer, or the sum of each document's `metadata.creditsUsed`, as
// `usage.credits`; absent when Firecrawl reported none.
import type { z } from 'zod';
import type { webExtract, webMap, webSearch } from '../../capabilities/web.js';
import { compact } from '../../compact.js';
import { findProviderError, type ProviderError } from '../../errors/data-errors.js';
import type { WebExtractResult, WebMapResult, WebPage, WebSearchResult } from '../../web/web-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { ACCOUNT_STATUSES, num, str, webPage, webUsage } from '../web-errors.js';
import { createFirecrawlCall } from './http.js';
import {
  creditUsageSchema,
  mapSchema,
  scrapeSchema,
  searchSchema,
  type FirecrawlMetadata,
} from './payloads.js';

type SearchParams = z.output<typeof webSearch.params>;
type ExtractParams = z.output<typeof webExtract.params>;
type MapParams = z.output<typeof webMap.params>;

/** Metadata members may be a list when the page repeats a meta tag: the first one. */
const first = (value: string | string[] | null | undefined) =>
  str(Array.isArray(value) ? value.find((v) => v.trim() !== '') : value);

/** A sum of the credits reported, or undefined when none was. */
function sum(values: (number | null | undefined)[]): number | undefined {
  const known = values.map(num).filter((v): v is number => v !== undefined);
  return known.length > 0 ? known.reduce((a, b) => a + b, 0) : undefined;
}

const SCRAPE_OPTIONS = { formats: ['markdown'], onlyMainContent: true } as const;

export const createFirecrawlProvider: ProviderFactory = (endpoint, context) => {
  const call = createFirecrawlCall(endpoint, context);

  /** One URL's scrape: its page, or why the page could not be read (the page's own HTTP error). */
  async function scrape(
    url: string,
    maxCharacters: number,
  ): Promise<{ page?: WebPage; failure?: string; credits?: number }> {
    const answer = await call({ path: '/v2/scrape', body: { url, ...SCRAPE_OPTIONS } }, scrapeSchema);
    const meta: FirecrawlMetadata = answer.data.metadata;
    const credits = num(meta?.creditsUsed);
    const status = num(meta?.statusCode);
    if (status !== undefined && status >= 400) {
      const error = str(meta?.error);
      // The vendor's text, as every error text: through the redactor.
      return {
        failure: context.redact(`the page answered HTTP ${status}${error ? `: ${error}` : ''}`),
        credits,
      };
    }
    const page = webPage(
      { url, title: first(meta?.title), snippet: first(meta?.description), text: answer.data.markdown },
      maxCharacters,
    );
    return { page, credits };
  }

  return {
    handlers: {
      'web.search': async (params) => {
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
      },
      'web.extract': async (params) => {
        const { urls, maxCharacters } = params as ExtractParams;
        const results: WebPage[] = [];
        const failed: { url: string; error: string }[] = [];
        const credits: (number | undefined)[] = [];
        let firstError: ProviderError | undefined;
        for (const [index, url] of urls.entries()) {
          try {
            const one = await scrape(url, maxCharacters);
            credits.push(one.credits);
            if (one.page) results.push(one.page);
            else failed.push({ url, error: one.failure ?? 'Firecrawl gave no reason' });
          } catch (error) {
            const known = findProviderError(error);
            if (!known) throw error;
            firstError ??= known;
            failed.push({ url, error: known.shortMessage });
            if (known.status !== undefined && ACCOUNT_STATUSES.has(known.status)) {
              if (results.length === 0) throw known;
              for (const rest of urls.slice(index + 1))
                failed.push({ url: rest, error: `not asked after: ${known.shortMessage}` });
              break;
            }
          }
        }
        if (results.length === 0 && firstError) throw firstError;
        const data: WebExtractResult = { results, failed, usage: webUsage(sum(credits), undefined) };
        return { data: compact(data) };
      },
      'web.map': async (params) => {
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
      },
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
