// Double of the Exa API (https://api.exa.ai): POST /search, /findSimilar, /contents and /answer
// with the key in `x-api-key`. Shapes follow https://exa.ai/docs/reference/search,
// …/find-similar-links, …/get-contents, …/answer and exa-labs/exa-js `src/index.ts`; the per-URL
// `statuses` of /contents follow https://exa.ai/docs/changelog/contents-endpoint-status-changes;
// errors `{requestId, error, tag}` per https://exa.ai/docs/reference/error-codes
//. Values (URLs, texts, costs) are illustrative.
import type { IncomingMessage } from 'node:http';
import { sendJson, sendQueued, startHttpDouble, takeQueued, type HttpDouble } from './http-double.js';
import { pageText, type QueuedAnswer } from './tavily-server.js';

export interface ExaCall {
  method: string;
  path: string;
  /** The `x-api-key` header as received. */
  apiKey: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

export interface ExaDouble extends HttpDouble {
  calls: ExaCall[];
  count: (path: RegExp) => number;
  failNext: QueuedAnswer[];
  /** Full length of every page's text before Exa cuts it at the requested maxCharacters (default 8,000). */
  textLength: number;
  /** URLs /contents cannot crawl: `statuses` error CRAWL_NOT_FOUND (404). */
  unreadable: Set<string>;
  /** Leave `costDollars` out. */
  omitCost: boolean;
  reset: () => void;
}

/** `costDollars.total` the double reports per endpoint (illustrative; Exa sends only non-zero parts). */
export const EXA_COST = { search: 0.007, findSimilar: 0.007, contentsPerPage: 0.001, answer: 0.005 } as const;
export const EXA_ANSWER = 'Robinhood Chain settles to Ethereum as an Arbitrum Orbit rollup (illustrative).';

export const exaError = (status: number, error: string, tag: string) => ({
  requestId: `req-${status}-0000`,
  error,
  tag,
});

/** Exa's text for a URL, honouring `text: true` or `text: {maxCharacters}`. */
function textFor(url: string, length: number, option: unknown): string | undefined {
  if (option === undefined || option === false) return undefined;
  const full = pageText(url, length);
  const max =
    typeof option === 'object' &&
    option !== null &&
    typeof (option as { maxCharacters?: unknown }).maxCharacters === 'number'
      ? (option as { maxCharacters: number }).maxCharacters
      : undefined;
  return max === undefined ? full : full.slice(0, max);
}

export async function startExaServer(key: string): Promise<ExaDouble> {
  const ref: { self?: ExaDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as ExaDouble;
    const path = new URL(req.url ?? '/', double.origin).pathname;
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const apiKey = req.headers['x-api-key'];
    double.calls.push({
      method: req.method ?? '',
      path,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
      authorization: req.headers.authorization,
      body,
    });
    const n = double.calls.length;
    // 401: missing or invalid key (exa.ai/docs/reference/error-codes; wording illustrative).
    if (apiKey !== key) return sendJson(res, 401, exaError(401, 'Invalid API key', 'INVALID_API_KEY'));
    const queued = takeQueued(double.failNext, path);
    if (queued) return sendQueued(res, queued);
    const cost = (total: number) => (double.omitCost ? {} : { costDollars: { total } });
    const contents = (body?.contents ?? {}) as Record<string, unknown>;
    /** A result of /search and /findSimilar (`SearchResult` of exa-js): text and highlights when asked. */
    const result = (url: string, i: number) => ({
      id: url,
      url,
      title: i === 1 ? null : `Exa result ${i + 1}`,
      publishedDate: i === 1 ? null : '2026-09-01T00:00:00.000Z',
      author: i === 0 ? 'A. Writer' : null,
      score: Number((0.42 - i * 0.01).toFixed(2)),
      ...(contents.text !== undefined ? { text: textFor(url, double.textLength, contents.text) } : {}),
      ...(contents.highlights
        ? { highlights: [`Highlight of result ${i + 1}.`], highlightScores: [0.5] }
        : {}),
    });

    if (req.method === 'POST' && (path === '/search' || path === '/findSimilar')) {
      const search = path === '/search';
      if (search ? typeof body?.query !== 'string' : typeof body?.url !== 'string')
        return sendJson(res, 400, exaError(400, 'Invalid request body', 'INVALID_REQUEST_BODY'));
      const count = typeof body?.numResults === 'number' ? body.numResults : 10;
      // POST /search and /findSimilar — `SearchResponse` (exa.ai/docs/reference/search): {requestId,
      // resolvedSearchType (auto), results[{id, url, title, publishedDate, author, score, text?, highlights?}], costDollars}.
      return sendJson(res, 200, {
        requestId: `b5947044c4b78efa9552a7c89b30${String(n).padStart(4, '0')}`,
        ...(search ? { resolvedSearchType: 'neural' } : {}),
        results: Array.from({ length: count }, (_, i) =>
          result(`https://${search ? 'research' : 'similar'}.example.org/post-${i + 1}`, i),
        ),
        ...cost(search ? EXA_COST.search : EXA_COST.findSimilar),
      });
    }
    if (req.method === 'POST' && path === '/contents') {
      const urls = (body?.urls ?? body?.ids) as string[] | undefined;
      if (!Array.isArray(urls)) return sendJson(res, 400, exaError(400, 'urls is required', 'INVALID_URLS'));
      const read = urls.filter((u) => !double.unreadable.has(u));
      // POST /contents — `results[]` and per-URL `statuses[{id, status, error?: {tag, httpStatusCode}}]`
      // (exa.ai/docs/changelog/contents-endpoint-status-changes): a failing URL does not fail the request.
      return sendJson(res, 200, {
        requestId: `c0ffee${String(n).padStart(4, '0')}`,
        results: read.map((url) => ({
          id: url,
          url,
          title: `Page at ${url}`,
          text: textFor(url, double.textLength, body?.text ?? true),
        })),
        statuses: urls.map((url) =>
          double.unreadable.has(url)
            ? { id: url, status: 'error', error: { tag: 'CRAWL_NOT_FOUND', httpStatusCode: 404 } }
            : { id: url, status: 'success' },
        ),
        ...cost(Number((EXA_COST.contentsPerPage * read.length).toFixed(6))),
      });
    }
    if (req.method === 'POST' && path === '/answer') {
      if (typeof body?.query !== 'string')
        return sendJson(res, 400, exaError(400, 'query is required', 'INVALID_REQUEST_BODY'));
      // POST /answer — `AnswerResponse` (exa.ai/docs/reference/answer): {answer, citations[{id, url,
      // title, publishedDate, author, text (with text: true)}], costDollars}.
      const citations = [0, 1].map((i) => {
        const url = `https://answers.example.org/source-${i + 1}`;
        return {
          id: url,
          url,
          title: `Source ${i + 1}`,
          publishedDate: '2026-08-15T00:00:00.000Z',
          author: null,
          ...(body.text === true ? { text: pageText(url, double.textLength) } : {}),
        };
      });
      return sendJson(res, 200, {
        answer: EXA_ANSWER,
        citations,
        requestId: `ans${n}`,
        ...cost(EXA_COST.answer),
      });
    }
    return sendJson(res, 404, exaError(404, 'Not Found', 'NOT_FOUND'));
  });
  const self: ExaDouble = Object.assign(http, {
    calls: [] as ExaCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    failNext: [] as QueuedAnswer[],
    textLength: 8_000,
    unreadable: new Set<string>(),
    omitCost: false,
    reset() {
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.textLength = 8_000;
      self.unreadable.clear();
      self.omitCost = false;
    },
  });
  ref.self = self;
  return self;
}
