// `web.extract`: POST /v2/scrape with `formats: ['markdown']`, one call per URL, in order. A URL
// whose scrape fails (an HTTP error, a time-out) goes into `failed` when another URL succeeded;
// when none succeeded, the first error is thrown as mapped (a 402 or 5xx moves to the next
// provider). An answer about the key or the account (401, 402, 429) stops asking: it is thrown
// when no URL succeeded yet, else it and the URLs not yet asked go into `failed`. A page that
// answered Firecrawl with an HTTP error (`metadata.statusCode` 4xx/5xx) is a failed URL, never
// page text.
import type { z } from 'zod';
import type { webExtract } from '../../capabilities/web.js';
import { compact } from '../../compact.js';
import { findProviderError, type ProviderError } from '../../errors/data-errors.js';
import type { Redactor } from '../../errors/redact.js';
import type { WebExtractResult, WebPage } from '../../web/web-types.js';
import type { CapabilityHandler } from '../provider-types.js';
import { ACCOUNT_STATUSES, num, str, webPage, webUsage } from '../web-errors.js';
import type { FirecrawlCall } from './http.js';
import { scrapeSchema, type FirecrawlMetadata } from './payloads.js';
import { first, SCRAPE_OPTIONS, sum } from './values.js';

type ExtractParams = z.output<typeof webExtract.params>;

interface Scraped {
  page?: WebPage;
  failure?: string;
  credits?: number;
}

/** One URL's scrape: its page, or why the page could not be read (the page's own HTTP error). */
async function scrape(
  call: FirecrawlCall,
  redact: Redactor,
  url: string,
  maxCharacters: number,
): Promise<Scraped> {
  const answer = await call({ path: '/v2/scrape', body: { url, ...SCRAPE_OPTIONS } }, scrapeSchema);
  const meta: FirecrawlMetadata = answer.data.metadata;
  const credits = num(meta?.creditsUsed);
  const status = num(meta?.statusCode);
  if (status !== undefined && status >= 400) {
    const error = str(meta?.error);
    // The vendor's text, as every error text: through the redactor.
    return { failure: redact(`the page answered HTTP ${status}${error ? `: ${error}` : ''}`), credits };
  }
  const page = webPage(
    { url, title: first(meta?.title), snippet: first(meta?.description), text: answer.data.markdown },
    maxCharacters,
  );
  return { page, credits };
}

export function extract(call: FirecrawlCall, redact: Redactor): CapabilityHandler {
  return async (params) => {
    const { urls, maxCharacters } = params as ExtractParams;
    const results: WebPage[] = [];
    const failed: { url: string; error: string }[] = [];
    const credits: (number | undefined)[] = [];
    let firstError: ProviderError | undefined;
    for (const [index, url] of urls.entries()) {
      try {
        const one = await scrape(call, redact, url, maxCharacters);
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
  };
}
