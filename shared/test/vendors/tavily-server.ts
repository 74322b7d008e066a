// Double of the Tavily API (https://api.tavily.com): POST /search, /extract and /map, GET /usage,
// with `Authorization: Bearer <key>`. Shapes follow the endpoint pages of
// https://docs.tavily.com/documentation/api-reference/endpoint/ (search, extract, map, usage) and
// tavily-ai/tavily-python `tavily/tavily.py`; errors per
// https://help.tavily.com/articles/8645538886-understanding-http-errors, as summarized in
// the vendor's documentation. Values (URLs, texts, credits) are illustrative.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  takeQueued,
  type HttpDouble,
  type QueuedAnswer,
} from './http-double.js';

export interface WebCall {
  method: string;
  path: string;
  /** The `Authorization` header as received. */
  authorization: string | undefined;
  /** The parsed JSON body (undefined when there was none or it was not JSON). */
  body: Record<string, unknown> | undefined;
}

export type { QueuedAnswer };

export interface TavilyDouble extends HttpDouble {
  calls: WebCall[];
  /** Requests whose path matches. */
  count: (path: RegExp) => number;
  /** Answers served in order (after the auth check) before the normal handling. */
  failNext: QueuedAnswer[];
  /** Length of every page's `raw_content` (default 8,000: over the default cap of 5,000). */
  textLength: number;
  /** URLs /extract cannot read: listed in `failed_results`. */
  unreadable: Set<string>;
  /** Leave `usage` out even when `include_usage` is sent. */
  omitUsage: boolean;
  /** Answer `answer: null` to include_answer. */
  noAnswer: boolean;
  reset: () => void;
}

export const TAVILY_ANSWER =
  'Robinhood Chain is an Arbitrum Orbit rollup for tokenized assets (illustrative).';
/** Credits the double reports: basic search 1, basic extract 1 per 5 URLs, map 1 per 10 pages [doc]. */
export const TAVILY_CREDITS = { search: 1, map: 1 } as const;
export const TAVILY_MAP_PATHS = ['/', '/docs', '/blog', '/pricing'] as const;

export const tavilyError = (message: string) => ({ detail: { error: message } });

/** A page's text of exactly `length` characters (distinct per URL). */
export function pageText(url: string, length: number): string {
  const sentence = `Text of ${url} as the vendor read it. `;
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

const requestId = (n: number) => `0f1c2d3e-0000-4000-8000-${String(n).padStart(12, '0')}`;

export async function startTavilyServer(key: string): Promise<TavilyDouble> {
  const ref: { self?: TavilyDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as TavilyDouble;
    const path = new URL(req.url ?? '/', double.origin).pathname;
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    double.calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const n = double.calls.length;
    // 401 "Unauthorized: missing or invalid API key." (help.tavily.com, understanding-http-errors).
    if (req.headers.authorization !== `Bearer ${key}`)
      return sendJson(res, 401, tavilyError('Unauthorized: missing or invalid API key.'));
    const queued = takeQueued(double.failNext, path);
    if (queued) return sendQueued(res, queued);
    const usage = (credits: number) =>
      body?.include_usage === true && !double.omitUsage ? { usage: { credits } } : {};

    if (req.method === 'POST' && path === '/search') {
      if (!body || typeof body.query !== 'string' || body.query === '')
        return sendJson(res, 400, tavilyError('Query is missing.'));
      const max = typeof body.max_results === 'number' ? body.max_results : 5;
      const withText = body.include_raw_content !== undefined && body.include_raw_content !== false;
      const withAnswer = body.include_answer !== undefined && body.include_answer !== false;
      // POST /search — "Search" response (docs.tavily.com/documentation/api-reference/endpoint/search):
      // {query, answer, images, results[{title, url, content, score, raw_content}], response_time,
      // usage (with include_usage), request_id}; `raw_content` null unless include_raw_content.
      const results = Array.from({ length: max }, (_, i) => {
        const url = `https://news.example.com/robinhood-chain-${i + 1}`;
        return {
          title: `Robinhood Chain update ${i + 1}`,
          url,
          content: `Snippet ${i + 1} about ${body?.query as string}.`,
          score: Number((0.91 - i * 0.05).toFixed(2)),
          raw_content: withText ? pageText(url, double.textLength) : null,
        };
      });
      return sendJson(res, 200, {
        query: body.query,
        ...(withAnswer ? { answer: double.noAnswer ? null : TAVILY_ANSWER } : {}),
        follow_up_questions: null,
        images: [],
        results,
        response_time: 1.67,
        ...usage(TAVILY_CREDITS.search),
        request_id: requestId(n),
      });
    }
    if (req.method === 'POST' && path === '/extract') {
      const urls = typeof body?.urls === 'string' ? [body.urls] : (body?.urls as string[] | undefined);
      if (!Array.isArray(urls) || urls.length === 0)
        return sendJson(res, 400, tavilyError('urls is required.'));
      // POST /extract — "Extract" response (docs.tavily.com/documentation/api-reference/endpoint/extract):
      // {results[{url, raw_content, images}], failed_results[{url, error}], response_time, usage, request_id}.
      const read = urls.filter((u) => !double.unreadable.has(u));
      return sendJson(res, 200, {
        results: read.map((url) => ({ url, raw_content: pageText(url, double.textLength), images: [] })),
        failed_results: urls
          .filter((u) => double.unreadable.has(u))
          .map((url) => ({ url, error: 'Failed to fetch url' })),
        response_time: 0.42,
        // Basic extraction: 1 credit per 5 successful URLs (docs.tavily.com, extract-api tutorial).
        ...usage(Math.ceil(read.length / 5)),
        request_id: requestId(n),
      });
    }
    if (req.method === 'POST' && path === '/map') {
      if (typeof body?.url !== 'string') return sendJson(res, 400, tavilyError('url is required.'));
      const origin = new URL(body.url).origin;
      const limit = typeof body.limit === 'number' ? body.limit : 50;
      // POST /map — "Map" response (docs.tavily.com/documentation/api-reference/endpoint/map;
      // @langchain/tavily TavilyMapResponse): {base_url, results: string[], response_time, usage, request_id}.
      return sendJson(res, 200, {
        base_url: new URL(body.url).host,
        results: TAVILY_MAP_PATHS.map((p) => `${origin}${p}`).slice(0, limit),
        response_time: 0.8,
        ...usage(TAVILY_CREDITS.map),
        request_id: requestId(n),
      });
    }
    if (req.method === 'GET' && path === '/usage') {
      // GET /usage — "Usage" (docs.tavily.com/documentation/api-reference/endpoint/usage):
      // {key: {usage, limit}, account: {current_plan, plan_usage, plan_limit, paygo_usage, paygo_limit}}.
      return sendJson(res, 200, {
        key: { usage: 150, limit: 1000 },
        account: {
          current_plan: 'Researcher',
          plan_usage: 500,
          plan_limit: 15000,
          paygo_usage: 25,
          paygo_limit: 100,
        },
      });
    }
    return sendJson(res, 404, tavilyError('Not Found'));
  });
  const self: TavilyDouble = Object.assign(http, {
    calls: [] as WebCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    failNext: [] as QueuedAnswer[],
    textLength: 8_000,
    unreadable: new Set<string>(),
    omitUsage: false,
    noAnswer: false,
    reset() {
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.textLength = 8_000;
      self.unreadable.clear();
      self.omitUsage = false;
      self.noAnswer = false;
    },
  });
  ref.self = self;
  return self;
}
