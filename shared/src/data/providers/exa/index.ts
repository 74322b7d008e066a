// Exa, the second web provider (docs/data-layer.md, "Web"):
// - web.search: POST /search with `numResults` and the page text (`contents.text.maxCharacters`);
// - web.similar: POST /findSimilar, the same shape (Exa is its only provider);
// - web.extract: POST /contents with every URL; per-URL failures come in `statuses` (status
//   "error", with a tag and the page's HTTP status) and become `failed`;
// - web.answer: POST /answer with `text: true`; its `citations` carry the source text.
// The text is asked for with one character more than maxCharacters, so that a page Exa cut is
// seen as longer than the cap and marked `truncated: true` when capped here. Search and similar
// also ask for `highlights` (included in the search price with the text,
// https://exa.ai/docs/changelog/pricing-update; /contents would bill them as a second content
// type, so extract does not): `snippet` is Exa's highlights (or summary) when a result carries
// them. `costDollars.total` is `usage.costUsd`, exactly as reported.
import type { z } from 'zod';
import type { webAnswer, webExtract, webSearch, webSimilar } from '../../capabilities/web.js';
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import type {
  WebAnswerResult,
  WebExtractResult,
  WebSearchResult,
  WebSimilarResult,
} from '../../web/web-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { num, str, webPage, webUsage } from '../web-errors.js';
import { createExaCall } from './http.js';
import { answerSchema, contentsSchema, searchSchema, type ExaResult } from './payloads.js';

type SearchParams = z.output<typeof webSearch.params>;
type SimilarParams = z.output<typeof webSimilar.params>;
type ExtractParams = z.output<typeof webExtract.params>;
type AnswerParams = z.output<typeof webAnswer.params>;

const cost = (costDollars: { total?: number | null | undefined } | null | undefined) =>
  webUsage(undefined, num(costDollars?.total));

/** Exa's short excerpt: its highlights when present, else its summary. */
function snippetOf(result: ExaResult): string | undefined {
  const highlights = (result.highlights ?? []).map((h) => h.trim()).filter((h) => h !== '');
  return highlights.length > 0 ? highlights.join(' … ') : str(result.summary);
}

function pageOf(result: ExaResult, maxCharacters: number) {
  return webPage(
    {
      url: result.url,
      title: result.title,
      snippet: snippetOf(result),
      text: result.text,
      publishedAt: result.publishedDate,
      author: result.author,
      score: result.score,
    },
    maxCharacters,
  );
}

/** The text request: one character over the cap, so that a cut is visible (see the file's head). */
const textOf = (maxCharacters: number) => ({ maxCharacters: maxCharacters + 1 });

export const createExaProvider: ProviderFactory = (endpoint, context) => {
  const call = createExaCall(endpoint, context);

  return {
    handlers: {
      'web.search': async (params) => {
        const { query, limit, maxCharacters } = params as SearchParams;
        const answer = await call(
          '/search',
          { query, numResults: limit, contents: { text: textOf(maxCharacters), highlights: true } },
          searchSchema,
        );
        const data: WebSearchResult = {
          query,
          results: answer.results.map((r) => pageOf(r, maxCharacters)),
          usage: cost(answer.costDollars),
        };
        return { data: compact(data) };
      },
      'web.similar': async (params) => {
        const { url, limit, maxCharacters } = params as SimilarParams;
        const answer = await call(
          '/findSimilar',
          { url, numResults: limit, contents: { text: textOf(maxCharacters), highlights: true } },
          searchSchema,
        );
        const data: WebSimilarResult = {
          url,
          results: answer.results.map((r) => pageOf(r, maxCharacters)),
          usage: cost(answer.costDollars),
        };
        return { data: compact(data) };
      },
      'web.extract': async (params) => {
        const { urls, maxCharacters } = params as ExtractParams;
        const answer = await call('/contents', { urls, text: textOf(maxCharacters) }, contentsSchema);
        const failed = (answer.statuses ?? [])
          .filter((s) => s.status === 'error')
          .map((s) => {
            const tag = str(s.error?.tag);
            const status = num(s.error?.httpStatusCode);
            const reason = [tag, status !== undefined ? `HTTP ${status}` : undefined].filter(Boolean);
            return { url: s.id, error: reason.length > 0 ? reason.join(', ') : 'Exa gave no reason' };
          });
        const data: WebExtractResult = {
          results: answer.results.map((r) => pageOf(r, maxCharacters)),
          failed,
          usage: cost(answer.costDollars),
        };
        return { data: compact(data) };
      },
      'web.answer': async (params) => {
        const { query, maxCharacters } = params as AnswerParams;
        const answer = await call('/answer', { query, text: true }, answerSchema);
        const text = str(answer.answer);
        if (text === undefined)
          throw new NoDataError('exa POST /answer: no answer for this question', {
            provider: 'exa',
            redact: context.redact,
          });
        const data: WebAnswerResult = {
          question: query,
          answer: text,
          citations: (answer.citations ?? []).map((c) => pageOf(c, maxCharacters)),
          usage: cost(answer.costDollars),
          untrusted: true,
        };
        return { data: compact(data) };
      },
    },
    // Exa has no free key-check endpoint: the cheapest real request is a one-result search
    // without contents (metadata only).
    health: async () => {
      const answer = await call('/search', { query: 'web search API', numResults: 1 }, searchSchema);
      return compact({
        results: answer.results.length,
        requestId: str(answer.requestId),
        costUsd: num(answer.costDollars?.total),
      }) as Record<string, unknown>;
    },
  };
};
