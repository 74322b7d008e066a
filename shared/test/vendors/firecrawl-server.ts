// Double of the Firecrawl API v2 (https://api.firecrawl.dev): POST /v2/search, /v2/scrape and
// /v2/map, GET /v2/team/credit-usage, with `Authorization: Bearer <key>`. Shapes follow
// https://docs.firecrawl.dev/api-reference/endpoint/scrape, …/search, …/map, …/credit-usage and
// the server's types (mendableai/firecrawl `apps/api/src/controllers/v2/types.ts`); error bodies
// `{success: false, error, code?}` per its `routes/shared.ts` and `controllers/auth.ts`
//. Values (URLs, texts, credits) are illustrative.
import type { IncomingMessage } from 'node:http';
import { sendJson, sendQueued, startHttpDouble, takeQueued, type HttpDouble } from './http-double.js';
import { pageText, type QueuedAnswer, type WebCall } from './tavily-server.js';

export interface FirecrawlDouble extends HttpDouble {
  calls: WebCall[];
  count: (path: RegExp) => number;
  failNext: QueuedAnswer[];
  /** Length of every page's markdown (default 8,000). */
  textLength: number;
  /** Scrapes of these URLs answer this HTTP error (every time). */
  scrapeFailures: Map<string, QueuedAnswer>;
  /** Scrapes of these URLs succeed, but the page itself answered this status (`metadata.statusCode`). */
  pageStatus: Map<string, number>;
  /** `metadata.creditsUsed` of each scrape (default 1: 1 credit a page). */
  scrapeCredits: number;
  reset: () => void;
}

/** Search credits: 2 per 10 results, plus 1 per scraped result (docs.firecrawl.dev/billing). */
export const firecrawlSearchCredits = (results: number, scraped: boolean) =>
  2 * Math.ceil(results / 10) + (scraped ? results : 0);
export const FIRECRAWL_MAP_LINKS = [
  { path: '/', title: 'Example home' },
  { path: '/features/scrape', title: 'Scrape | Example' },
  { path: '/blog/launch', title: null },
] as const;

export const firecrawlError = (error: string, code?: string) => ({
  success: false,
  ...(code ? { code } : {}),
  error,
});

export async function startFirecrawlServer(key: string): Promise<FirecrawlDouble> {
  const ref: { self?: FirecrawlDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, raw, res) => {
    const double = ref.self as FirecrawlDouble;
    const path = new URL(req.url ?? '/', double.origin).pathname;
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    double.calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    // 401 (controllers/auth.ts): "Unauthorized: Token missing" / "Unauthorized: Invalid token".
    if (!req.headers.authorization) return sendJson(res, 401, firecrawlError('Unauthorized: Token missing'));
    if (req.headers.authorization !== `Bearer ${key}`)
      return sendJson(res, 401, firecrawlError('Unauthorized: Invalid token'));
    const queued = takeQueued(double.failNext, path);
    if (queued) return sendQueued(res, queued);
    const markdownWanted = (options: unknown) =>
      Array.isArray((options as { formats?: unknown } | undefined)?.formats) &&
      (options as { formats: unknown[] }).formats.includes('markdown');

    if (req.method === 'POST' && path === '/v2/scrape') {
      const url = body?.url;
      if (typeof url !== 'string')
        return sendJson(res, 400, { ...firecrawlError('Bad Request', 'BAD_REQUEST'), details: [] });
      const failure = double.scrapeFailures.get(url);
      if (failure) return sendQueued(res, failure);
      const statusCode = double.pageStatus.get(url) ?? 200;
      // POST /v2/scrape — `{success: true, data: Document}` (docs.firecrawl.dev/api-reference/endpoint/scrape):
      // `markdown` per `formats`; metadata {title, description, sourceURL, url, statusCode,
      // contentType, proxyUsed, scrapeId, creditsUsed, error?}.
      return sendJson(res, 200, {
        success: true,
        data: {
          ...(markdownWanted(body) ? { markdown: pageText(url, double.textLength) } : {}),
          metadata: {
            title: `Title of ${url}`,
            description: `Description of ${url}`,
            language: 'en',
            sourceURL: url,
            url,
            statusCode,
            ...(statusCode >= 400 ? { error: statusCode === 404 ? 'Not Found' : 'Page error' } : {}),
            contentType: 'text/html',
            proxyUsed: 'basic',
            scrapeId: '1f2e3d4c-0000-4000-8000-000000000001',
            creditsUsed: double.scrapeCredits,
          },
        },
      });
    }
    if (req.method === 'POST' && path === '/v2/search') {
      if (typeof body?.query !== 'string')
        return sendJson(res, 400, { ...firecrawlError('Bad Request', 'BAD_REQUEST'), details: [] });
      const limit = typeof body.limit === 'number' ? body.limit : 5;
      const scraped = markdownWanted(body.scrapeOptions);
      // POST /v2/search — `{success, data: {web: [{url, title, description, position, markdown?,
      // metadata?}]}, creditsUsed}` (docs.firecrawl.dev/features/search; /api-reference/endpoint/search).
      const web = Array.from({ length: limit }, (_, i) => {
        const url = `https://crawl.example.net/article-${i + 1}`;
        return {
          url,
          title: `Firecrawl result ${i + 1}`,
          description: `Description ${i + 1} for ${body.query as string}.`,
          position: i + 1,
          ...(scraped
            ? {
                markdown: pageText(url, double.textLength),
                metadata: { sourceURL: url, statusCode: 200, creditsUsed: 1 },
              }
            : {}),
        };
      });
      return sendJson(res, 200, {
        success: true,
        data: { web },
        creditsUsed: firecrawlSearchCredits(limit, scraped),
      });
    }
    if (req.method === 'POST' && path === '/v2/map') {
      if (typeof body?.url !== 'string')
        return sendJson(res, 400, { ...firecrawlError('Bad Request', 'BAD_REQUEST'), details: [] });
      const origin = new URL(body.url).origin;
      // POST /v2/map — `{success: true, links: [{url, title?, description?}]}` (docs.firecrawl.dev/features/map).
      return sendJson(res, 200, {
        success: true,
        links: FIRECRAWL_MAP_LINKS.map((l) => ({
          url: `${origin}${l.path}`,
          ...(l.title ? { title: l.title, description: `About ${l.title}` } : {}),
        })),
      });
    }
    if (req.method === 'GET' && path === '/v2/team/credit-usage') {
      // GET /v2/team/credit-usage (docs.firecrawl.dev/api-reference/endpoint/credit-usage).
      return sendJson(res, 200, {
        success: true,
        data: {
          remainingCredits: 4321,
          planCredits: 100000,
          billingPeriodStart: '2026-10-01T00:00:00Z',
          billingPeriodEnd: '2026-10-31T23:59:59Z',
        },
      });
    }
    return sendJson(res, 404, firecrawlError('Not Found'));
  });
  const self: FirecrawlDouble = Object.assign(http, {
    calls: [] as WebCall[],
    count: (path: RegExp) => self.calls.filter((c) => path.test(c.path)).length,
    failNext: [] as QueuedAnswer[],
    textLength: 8_000,
    scrapeFailures: new Map<string, QueuedAnswer>(),
    pageStatus: new Map<string, number>(),
    scrapeCredits: 1,
    reset() {
      self.requests = 0;
      self.connections = 0;
      self.calls.length = 0;
      self.failNext.length = 0;
      self.textLength = 8_000;
      self.scrapeFailures.clear();
      self.pageStatus.clear();
      self.scrapeCredits = 1;
    },
  });
  ref.self = self;
  return self;
}
