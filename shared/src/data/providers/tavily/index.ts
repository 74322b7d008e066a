// Tavily, the first web provider (docs/data-layer.md, "Web"):
// - web.search: POST /search with `max_results`, the page text (`include_raw_content: 'markdown'`,
//   capped at maxCharacters) and `include_usage`; `content` is the snippet;
// - web.extract: POST /extract with every URL in one request; `failed_results` become `failed`;
// - web.map: POST /map; Tavily answers plain URL strings, which become `{url}`;
// - web.answer: POST /search with `include_answer: 'advanced'`; the citations are the results the
//   answer was written from (snippets only: the answer, not the pages, is what was asked for).
// Credits come from `include_usage: true` as `usage.credits`, exactly as reported.
import type { z } from 'zod';
import type { webAnswer, webExtract, webMap, webSearch } from '../../capabilities/web.js';
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type {
  WebAnswerResult,
  WebExtractResult,
  WebMapResult,
  WebSearchResult,
} from '../../web/web-types.js';
import type { Redactor } from '../../errors/redact.js';
import type { CapabilityHandler, ProviderFactory } from '../provider-types.js';
import { num, str, webPage, webUsage } from '../web-errors.js';
import { createTavilyCall, type TavilyCall } from './http.js';
import { extractSchema, mapSchema, searchSchema, usageEndpointSchema } from './payloads.js';

type SearchParams = z.output<typeof webSearch.params>;
type ExtractParams = z.output<typeof webExtract.params>;
type MapParams = z.output<typeof webMap.params>;
type AnswerParams = z.output<typeof webAnswer.params>;

type SearchAnswer = z.infer<typeof searchSchema>;
const credits = (usage: { credits?: number | null | undefined } | null | undefined) =>
  webUsage(num(usage?.credits), undefined);

function resultPages(results: SearchAnswer['results'], maxCharacters: number, withText: boolean) {
  return results.map((r) =>
    webPage(
      {
        url: r.url,
        title: r.title,
        snippet: r.content,
        text: withText ? r.raw_content : undefined,
        publishedAt: r.published_date,
        score: r.score,
      },
      maxCharacters,
    ),
  );
}

const search =
  (call: TavilyCall): CapabilityHandler =>
  async (params) => {
    const { query, limit, maxCharacters } = params as SearchParams;
    const answer = await call(
      {
        path: '/search',
        body: { query, max_results: limit, include_raw_content: 'markdown', include_usage: true },
      },
      searchSchema,
    );
    const data: WebSearchResult = {
      query,
      results: resultPages(answer.results, maxCharacters, true),
      usage: credits(answer.usage),
    };
    return { data: compact(data) };
  };

const extract =
  (call: TavilyCall, redact: Redactor): CapabilityHandler =>
  async (params) => {
    const { urls, maxCharacters } = params as ExtractParams;
    const answer = await call(
      { path: '/extract', body: { urls, format: 'markdown', include_usage: true } },
      extractSchema,
    );
    const data: WebExtractResult = {
      results: answer.results.map((r) => webPage({ url: r.url, text: r.raw_content }, maxCharacters)),
      failed: (answer.failed_results ?? []).map((f) => ({
        url: f.url,
        error: redact(str(f.error) ?? 'Tavily gave no reason'),
      })),
      usage: credits(answer.usage),
    };
    return { data: compact(data) };
  };

const map =
  (call: TavilyCall): CapabilityHandler =>
  async (params) => {
    const { url, limit } = params as MapParams;
    const answer = await call({ path: '/map', body: { url, limit, include_usage: true } }, mapSchema);
    const data: WebMapResult = {
      url,
      links: answer.results.slice(0, limit).map((link) => ({ url: link })),
      usage: credits(answer.usage),
    };
    return { data: compact(data) };
  };

const answerQuestion =
  (call: TavilyCall, redact: Redactor): CapabilityHandler =>
  async (params) => {
    const { query, maxCharacters } = params as AnswerParams;
    const answer = await call(
      { path: '/search', body: { query, include_answer: 'advanced', include_usage: true } },
      searchSchema,
    );
    const text = str(answer.answer);
    if (text === undefined)
      throw new NoDataError('tavily POST /search: no answer for this question', {
        provider: 'tavily',
        redact,
      });
    const data: WebAnswerResult = {
      question: query,
      answer: text,
      citations: resultPages(answer.results, maxCharacters, false),
      usage: credits(answer.usage),
      untrusted: true,
    };
    return { data: compact(data) };
  };

export const createTavilyProvider: ProviderFactory = (endpoint, context) => {
  const call = createTavilyCall(endpoint, context);
  return {
    handlers: {
      'web.search': search(call),
      'web.extract': extract(call, context.redact),
      'web.map': map(call),
      'web.answer': answerQuestion(call, context.redact),
    },
    // GET /usage (https://docs.tavily.com/documentation/api-reference/endpoint/usage): free, and
    // it checks the key.
    health: async () => {
      const usage = await call({ path: '/usage', method: 'GET' }, usageEndpointSchema);
      return compact({
        keyCreditsUsed: num(usage.key?.usage),
        keyCreditLimit: num(usage.key?.limit),
        plan: str(usage.account?.current_plan),
        planCreditsUsed: num(usage.account?.plan_usage),
        planCreditLimit: num(usage.account?.plan_limit),
        paygoCreditsUsed: num(usage.account?.paygo_usage),
        paygoCreditLimit: num(usage.account?.paygo_limit),
      }) as Record<string, unknown>;
    },
  };
};
