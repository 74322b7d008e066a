// Double of Polymarket's Gamma API (https://gamma-api.polymarket.com): GET /events (filters
// `tag_slug`, `active`, `closed`, `archived`, `limit`) and GET /public-search (`q`,
// `events_status`, `events_tag`, `limit_per_type`), keyless. Shapes follow the API reference
// (https://docs.polymarket.com/api-reference/events/list-events, schemas `Event` and `Market`;
// https://docs.polymarket.com/api-reference/search/search-markets-events-and-profiles, schema
// `Search`) and the vendor's documentation: `outcomes` and `outcomePrices` are strings
// holding a JSON array, the event's volume and liquidity numbers, the market's strings (with
// `volumeNum` / `liquidityNum`). Titles and values are illustrative.
import type { IncomingMessage } from 'node:http';
import {
  sendJson,
  sendQueued,
  startHttpDouble,
  takeQueued,
  type HttpDouble,
  type QueuedAnswer,
} from './http-double.js';

export interface PolymarketCall {
  path: string;
  query: Record<string, string>;
}

export type { QueuedAnswer };

export interface PolymarketDouble extends HttpDouble {
  calls: PolymarketCall[];
  /** Requests whose path matches. */
  count: (path: RegExp) => number;
  /** Answers the next matching requests with these instead (one each). */
  failNext: QueuedAnswer[];
  /** Serve every event, closed and archived ones too, whatever the filters ask (a guard test). */
  ignoreFilters: boolean;
  /** Events served besides the double's own (such as SPY_LEVELS). */
  extraEvents: (typeof SPY_LEVELS)[];
  reset: () => void;
}

/** Failure answers of the Gamma API and its Cloudflare front. */
export const polymarketReplies = {
  // Cloudflare's rate-limit answer: an HTML page with Retry-After.
  rateLimited: {
    status: 429,
    raw: '<!DOCTYPE html><title>429 Too Many Requests</title><h1>Too Many Requests</h1>',
    headers: { 'retry-after': '30' },
  },
  // A refused parameter: the reference's error schema `{type, error}`.
  badRequest: { status: 422, body: { type: 'validation error', error: 'invalid value for limit_per_type' } },
  notFound: { status: 404, body: { type: 'not found error', error: 'not found' } },
  // A gateway failure from the Cloudflare front: HTML, 502.
  badGateway: {
    status: 502,
    raw: '<html><head><title>502 Bad Gateway</title></head><body>cloudflare</body></html>',
  },
  // A 200 with a body that is not JSON (an interstitial page).
  interstitial: { status: 200, raw: '<!DOCTYPE html><title>Just a moment...</title>' },
} satisfies Record<string, QueuedAnswer>;

const tag = (id: string, label: string, slug: string) => ({
  id,
  label,
  slug,
  forceShow: false,
  createdAt: '2024-01-10T00:00:00Z',
});
const FED = tag('100196', 'Fed Rates', 'fed-rates');
const ECONOMY = tag('100328', 'Economy', 'economy');
const INFLATION = tag('102000', 'Inflation', 'inflation');
const STOCKS = tag('604', 'Stocks', 'stocks');

const market = (m: Record<string, unknown>) => ({
  conditionId: `0x${String(m.id).padStart(64, 'c')}`,
  enableOrderBook: true,
  acceptingOrders: true,
  active: true,
  closed: false,
  archived: false,
  ...m,
});

// GET /events — `Event` with embedded `Market` objects
// (https://docs.polymarket.com/api-reference/events/list-events). A mutually exclusive event
// (`negRisk: true`): one market per bucket, ordered by `groupItemThreshold`, Yes prices summing to
// about 1; its 50+ bps bucket is already closed (a closed market inside an open event).
const fedDecision = {
  id: '45883',
  ticker: 'fed-decision-in-december',
  slug: 'fed-decision-in-december',
  title: 'Fed decision in December?',
  description: 'Which way the FOMC moves the target range at its December meeting.',
  startDate: '2026-09-20T15:00:00Z',
  endDate: '2026-12-10T12:00:00Z',
  active: true,
  closed: false,
  archived: false,
  negRisk: true,
  negRiskMarketID: `0x${'a'.repeat(64)}`,
  volume: 48210000.5,
  volume24hr: 1204000,
  liquidity: 3120000.25,
  openInterest: 9800000,
  tags: [FED, ECONOMY],
  markets: [
    market({
      id: '601697',
      question: 'Fed decreases interest rates by 50+ bps after December 2026 meeting?',
      slug: 'fed-50-bps-decrease-december',
      groupItemTitle: '50+ bps decrease',
      groupItemThreshold: '0',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.001", "0.999"]',
      volume: '3100000',
      volumeNum: 3100000,
      closed: true,
      acceptingOrders: false,
      negRisk: true,
    }),
    market({
      id: '601698',
      question: 'Fed decreases interest rates by 25 bps after December 2026 meeting?',
      slug: 'fed-25-bps-decrease-december',
      groupItemTitle: '25 bps decrease',
      groupItemThreshold: '1',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.71", "0.29"]',
      volume: '21000000.75',
      volumeNum: 21000000.75,
      volume24hr: 800000,
      liquidity: '950000.5',
      liquidityNum: 950000.5,
      endDate: '2026-12-10T12:00:00Z',
      negRisk: true,
    }),
    market({
      id: '601699',
      question: 'No change in Fed interest rates after December 2026 meeting?',
      slug: 'fed-no-change-december',
      groupItemTitle: 'No change',
      groupItemThreshold: '2',
      // The reference's order is not guaranteed: the Yes price is found by its name.
      outcomes: '["No", "Yes"]',
      outcomePrices: '["0.76", "0.24"]',
      volume: '19000000',
      volumeNum: 19000000,
      liquidity: '640000',
      liquidityNum: 640000,
      endDate: '2026-12-10T12:00:00Z',
      negRisk: true,
    }),
  ],
};

// GET /events — an event of independent price levels (`negRisk: false`): each market its own
// Yes/No on a threshold, Yes prices falling as the level rises.
// Its volume and liquidity come as strings (seen in answers; the reference says numbers).
const nvdaLevels = {
  id: '51020',
  slug: 'nvda-close-above-on-december-31',
  title: 'NVDA close above ___ on December 31?',
  startDate: '2026-09-01T00:00:00Z',
  endDate: '2026-12-31T21:00:00Z',
  active: true,
  closed: false,
  archived: false,
  negRisk: false,
  volume: '1520000.5',
  liquidity: '88000',
  tags: [STOCKS],
  markets: [
    market({
      id: '702001',
      question: 'Will NVDA close above $200 on December 31?',
      groupItemTitle: '$200',
      groupItemThreshold: '0',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.82", "0.18"]',
      volume: '600000',
      volumeNum: 600000,
      negRisk: false,
    }),
    market({
      id: '702002',
      question: 'Will NVDA close above $250 on December 31?',
      groupItemTitle: '$250',
      groupItemThreshold: '1',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.47", "0.53"]',
      volume: '520000',
      volumeNum: 520000,
      negRisk: false,
    }),
  ],
};

// GET /events — another event of independent price levels, on a stock the issuer lists as a token
// (SPY, as in the stock-token double): three levels, the Yes prices falling as the level rises.
// Served only when a test adds it (`extraEvents`), so that the double's own list stays as it is.
export const SPY_LEVELS = {
  id: '51044',
  slug: 'spy-close-above-on-december-31',
  title: 'Will SPY close above ___ on December 31?',
  startDate: '2026-09-15T00:00:00Z',
  endDate: '2026-12-31T21:00:00Z',
  active: true,
  closed: false,
  archived: false,
  negRisk: false,
  volume: 402000.25,
  liquidity: 51000,
  tags: [STOCKS],
  markets: [
    market({
      id: '702101',
      question: 'Will SPY close above $560 on December 31?',
      groupItemTitle: '$560',
      groupItemThreshold: '0',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.88", "0.12"]',
      volume: '150000',
      volumeNum: 150000,
      negRisk: false,
    }),
    market({
      id: '702102',
      question: 'Will SPY close above $600 on December 31?',
      groupItemTitle: '$600',
      groupItemThreshold: '1',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.55", "0.45"]',
      volume: '140000',
      volumeNum: 140000,
      negRisk: false,
    }),
    market({
      id: '702103',
      question: 'Will SPY close above $640 on December 31?',
      groupItemTitle: '$640',
      groupItemThreshold: '2',
      outcomes: '["Yes", "No"]',
      outcomePrices: '["0.21", "0.79"]',
      volume: '112000',
      volumeNum: 112000,
      negRisk: false,
    }),
  ],
};

// GET /events — a new event whose markets still lack members: a placeholder market with null
// `outcomePrices` and no volume (documented nullable), and an event without `negRisk`.
const cpiEvent = {
  id: '52231',
  slug: 'november-cpi-above',
  title: 'November CPI year over year?',
  endDate: '2026-12-11T13:30:00Z',
  active: true,
  closed: false,
  archived: false,
  volume: null,
  liquidity: null,
  tags: [INFLATION, ECONOMY],
  markets: [
    market({
      id: '703001',
      question: 'November CPI above 3.0%?',
      groupItemTitle: '>3.0%',
      outcomes: '["Yes", "No"]',
      outcomePrices: null,
      volume: null,
      liquidity: '',
    }),
  ],
};

// GET /events — a resolved event (`closed: true`); served only when the double ignores filters.
const closedFed = {
  id: '40001',
  slug: 'fed-decision-in-september',
  title: 'Fed decision in September?',
  endDate: '2026-09-17T18:00:00Z',
  active: true,
  closed: true,
  archived: false,
  negRisk: true,
  volume: 60000000,
  tags: [FED],
  markets: [],
};

const EVENTS = [fedDecision, nvdaLevels, cpiEvent, closedFed];

type Event = (typeof EVENTS)[number] | typeof SPY_LEVELS;

const hasTag = (e: Event, slug: string) => e.tags.some((t) => t.slug === slug);
const open = (e: Event) => e.active && !e.closed && !e.archived;

export async function startPolymarketServer(): Promise<PolymarketDouble> {
  const ref: { self?: PolymarketDouble } = {};
  const http = await startHttpDouble((req: IncomingMessage, _body, res) => {
    const double = ref.self as PolymarketDouble;
    const url = new URL(req.url ?? '/', double.origin);
    const path = url.pathname;
    const query = Object.fromEntries(url.searchParams);
    double.calls.push({ path, query });
    const queued = takeQueued(double.failNext, path);
    if (queued) return sendQueued(res, queued);
    const limit = Number(query.limit ?? query.limit_per_type ?? '20');
    if (!Number.isInteger(limit) || limit < 0)
      return sendJson(res, 422, { type: 'validation error', error: 'limit must be a non-negative integer' });
    const all: Event[] = [...EVENTS, ...double.extraEvents];
    if (path === '/events') {
      let events = all.filter((e) => double.ignoreFilters || query.closed !== 'false' || !e.closed);
      if (!double.ignoreFilters && query.active === 'true') events = events.filter((e) => e.active);
      if (!double.ignoreFilters && query.archived === 'false') events = events.filter((e) => !e.archived);
      if (query.tag_slug) events = events.filter((e) => hasTag(e, query.tag_slug ?? ''));
      return sendJson(res, 200, events.slice(0, limit));
    }
    // GET /public-search — `Search`: `{events, tags, profiles, pagination: {hasMore, totalResults}}`
    // (https://docs.polymarket.com/api-reference/search/search-markets-events-and-profiles).
    if (path === '/public-search') {
      const q = (query.q ?? '').trim().toLowerCase();
      if (q === '') return sendJson(res, 422, { type: 'validation error', error: 'q is required' });
      let events = all.filter((e) => e.title.toLowerCase().includes(q));
      if (!double.ignoreFilters && query.events_status === 'active') events = events.filter(open);
      if (query.events_tag) events = events.filter((e) => hasTag(e, query.events_tag ?? ''));
      return sendJson(res, 200, {
        events: events.slice(0, limit),
        tags: null,
        profiles: null,
        pagination: { hasMore: events.length > limit, totalResults: events.length },
      });
    }
    return sendJson(res, 404, { type: 'not found error', error: `no route ${path}` });
  });
  const self: PolymarketDouble = Object.assign(http, {
    calls: [] as PolymarketCall[],
    count: (pattern: RegExp) => self.calls.filter((c) => pattern.test(c.path)).length,
    failNext: [] as QueuedAnswer[],
    ignoreFilters: false,
    extraEvents: [] as (typeof SPY_LEVELS)[],
    reset: () => {
      self.calls.length = 0;
      self.failNext.length = 0;
      self.ignoreFilters = false;
      self.extraEvents.length = 0;
    },
  });
  ref.self = self;
  return self;
}
