// Polymarket's Gamma API: `odds.events`, the open events of a tag (GET /events with `tag_slug`,
// `active=true`, `closed=false`) or of a free-text search (GET /public-search with
// `events_status=active`, within a tag through `events_tag` when one is given). Every event and
// market is normalized into sources/polymarket-types.ts: the JSON-encoded outcome lists parsed,
// prices kept as the probabilities Polymarket sent, closed events and closed markets left out and
// counted (the filters are asked of Polymarket and checked again here).
import type { z } from 'zod';
import { compact } from '../../compact.js';
import type {
  OddsEvent,
  OddsEventList,
  OddsMarket,
  OddsOutcome,
  OddsTag,
} from '../../sources/polymarket-types.js';
import { jsonOf } from '../http-answer.js';
import type { ProviderFactory } from '../provider-types.js';
import { createGammaGet } from './http.js';
import { eventsSchema, type eventSchema, type marketSchema, searchSchema } from './payloads.js';

type GammaEvent = z.infer<typeof eventSchema>;
type GammaMarket = z.infer<typeof marketSchema>;

const EVENT_PAGE = 'https://polymarket.com/event/';
const DECIMAL = /^\d+(?:\.\d+)?$/;

const text = (s: string | null | undefined) => (s ? s : undefined);
const flag = (b: boolean | null | undefined) => (typeof b === 'boolean' ? b : undefined);

/** A finite number, or a decimal string that reads as one (USD amounts, counts). */
function amount(value: number | string | null | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !/^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/.test(value.trim())) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A probability: a decimal string from 0 to 1, kept as sent. */
export function probability(value: unknown): string | undefined {
  const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim();
  if (!DECIMAL.test(s)) return undefined;
  const n = Number(s);
  return n >= 0 && n <= 1 ? s : undefined;
}

/** A list Gamma sends as a string holding a JSON array ("[\"Yes\", \"No\"]"); undefined when unreadable. */
export function parseJsonList(value: string | unknown[] | null | undefined): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = jsonOf(value);
  return Array.isArray(parsed) ? parsed : undefined;
}

/** An ISO 8601 time as sent, when it is one. */
function time(value: string | null | undefined): string | undefined {
  return value && !Number.isNaN(Date.parse(value)) ? value : undefined;
}

function outcomesOf(market: GammaMarket): OddsOutcome[] | undefined {
  const names = parseJsonList(market.outcomes);
  if (!names || names.length === 0 || !names.every((n) => typeof n === 'string' && n !== ''))
    return undefined;
  const prices = parseJsonList(market.outcomePrices);
  // Prices are index-aligned with the names; a list of another length pairs nothing.
  const aligned = prices && prices.length === names.length ? prices : undefined;
  return (names as string[]).map(
    (name, i) => compact({ name, price: probability(aligned?.[i]) }) as OddsOutcome,
  );
}

function normalizeMarket(market: GammaMarket): OddsMarket {
  const outcomes = outcomesOf(market);
  return compact({
    id: String(market.id),
    question: text(market.question),
    slug: text(market.slug),
    label: text(market.groupItemTitle),
    bucketOrder: amount(market.groupItemThreshold),
    outcomes,
    yesPrice: outcomes?.find((o) => o.name.trim().toLowerCase() === 'yes')?.price,
    volumeUsd: amount(market.volumeNum) ?? amount(market.volume),
    volume24hUsd: amount(market.volume24hr),
    liquidityUsd: amount(market.liquidityNum) ?? amount(market.liquidity),
    endDate: time(market.endDate),
    active: flag(market.active),
    acceptingOrders: flag(market.acceptingOrders),
  }) as OddsMarket;
}

function normalizeTags(tags: GammaEvent['tags']): OddsTag[] | undefined {
  const list = (tags ?? [])
    .map((t) =>
      compact({
        id: t.id === null || t.id === undefined ? undefined : String(t.id),
        slug: text(t.slug),
        label: text(t.label),
      }),
    )
    .filter((t) => Object.keys(t as object).length > 0) as OddsTag[];
  return list.length > 0 ? list : undefined;
}

const isOpen = (e: { active?: boolean | null | undefined; closed?: boolean | null | undefined }) =>
  e.closed !== true && e.active !== false;

function normalizeEvent(event: GammaEvent): OddsEvent {
  const all = event.markets ?? [];
  const open = all.filter((m) => m.closed !== true);
  const slug = text(event.slug);
  return compact({
    id: String(event.id),
    slug,
    title: text(event.title),
    url: slug ? `${EVENT_PAGE}${encodeURIComponent(slug)}` : undefined,
    startDate: time(event.startDate),
    endDate: time(event.endDate),
    mutuallyExclusive: flag(event.negRisk),
    volumeUsd: amount(event.volume),
    volume24hUsd: amount(event.volume24hr),
    liquidityUsd: amount(event.liquidity),
    openInterestUsd: amount(event.openInterest),
    tags: normalizeTags(event.tags),
    markets: open.map(normalizeMarket),
    closedMarketsLeftOut: all.length > open.length ? all.length - open.length : undefined,
  }) as OddsEvent;
}

function eventList(
  events: GammaEvent[],
  query: { tag?: string | undefined; search?: string | undefined; limit: number },
  hasMore?: boolean,
): OddsEventList {
  const open = events.filter((e) => isOpen(e) && e.archived !== true);
  const kept = open.slice(0, query.limit).map(normalizeEvent);
  return compact({
    tag: query.tag,
    search: query.search,
    events: kept,
    count: kept.length,
    leftOut: events.length > open.length ? events.length - open.length : undefined,
    hasMore,
  }) as OddsEventList;
}

export const createPolymarketProvider: ProviderFactory = (endpoint, context) => {
  const get = createGammaGet(endpoint, context);
  return {
    handlers: {
      'odds.events': async (params) => {
        const tag = typeof params.tag === 'string' ? params.tag : undefined;
        const search = typeof params.search === 'string' ? params.search : undefined;
        const limit = typeof params.limit === 'number' ? params.limit : 20;
        if (search === undefined) {
          const events = await get(
            '/events',
            { tag_slug: tag, active: true, closed: false, archived: false, limit },
            eventsSchema,
          );
          return { data: eventList(events, { tag, limit }) };
        }
        const found = await get(
          '/public-search',
          {
            q: search,
            events_status: 'active',
            events_tag: tag,
            limit_per_type: limit,
            search_tags: false,
            search_profiles: false,
          },
          searchSchema,
        );
        const hasMore = typeof found.pagination?.hasMore === 'boolean' ? found.pagination.hasMore : undefined;
        return { data: eventList(found.events ?? [], { tag, search, limit }, hasMore) };
      },
    },
    health: async () => {
      const events = await get('/events', { active: true, closed: false, limit: 10 }, eventsSchema);
      return { openEvents: events.length, markets: events.reduce((n, e) => n + (e.markets?.length ?? 0), 0) };
    },
  };
};
