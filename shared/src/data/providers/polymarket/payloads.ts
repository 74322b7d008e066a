// Gamma API responses, from Polymarket's API reference: GET /events
// (https://docs.polymarket.com/api-reference/events/list-events, schema `Event`) and GET
// /public-search (https://docs.polymarket.com/api-reference/search/search-markets-events-and-profiles,
// schema `Search`), whose events embed `Market` objects
// (https://docs.polymarket.com/api-reference/markets/list-markets). Every member is nullable in
// the reference. `outcomes` and `outcomePrices` are strings holding a JSON array (parsed by the
// provider); the event's `volume`/`liquidity` are numbers, the market's are strings next to the
// numbers `volumeNum`/`liquidityNum` (some answers send strings where the reference says numbers:
// both are accepted). Only what the provider reads is validated.
import * as z from 'zod';

const str = z.string().nullable().optional();
const bool = z.boolean().nullable().optional();
/** A number, or a decimal string as some answers send it. */
const numeric = z.union([z.number(), z.string()]).nullable().optional();
/** Ids are strings in the reference; numbers are accepted too. */
const id = z.union([z.string(), z.number()]);
/** A JSON-encoded array in a string, as documented (an actual array is accepted too). */
const jsonList = z
  .union([z.string(), z.array(z.unknown())])
  .nullable()
  .optional();

export const tagSchema = z.looseObject({ id: id.nullable().optional(), label: str, slug: str });

export const marketSchema = z.looseObject({
  id,
  question: str,
  slug: str,
  groupItemTitle: str,
  groupItemThreshold: numeric,
  outcomes: jsonList,
  outcomePrices: jsonList,
  volume: numeric,
  volumeNum: numeric,
  volume24hr: numeric,
  liquidity: numeric,
  liquidityNum: numeric,
  endDate: str,
  active: bool,
  closed: bool,
  acceptingOrders: bool,
});

export const eventSchema = z.looseObject({
  id,
  slug: str,
  title: str,
  startDate: str,
  endDate: str,
  active: bool,
  closed: bool,
  archived: bool,
  negRisk: bool,
  volume: numeric,
  volume24hr: numeric,
  liquidity: numeric,
  openInterest: numeric,
  tags: z.array(tagSchema).nullable().optional(),
  markets: z.array(marketSchema).nullable().optional(),
});

/** GET /events: a JSON array of events. */
export const eventsSchema = z.array(eventSchema);

/** GET /public-search: `{events, tags, profiles, pagination: {hasMore, totalResults}}`. */
export const searchSchema = z.looseObject({
  events: z.array(eventSchema).nullable().optional(),
  pagination: z.looseObject({ hasMore: bool, totalResults: numeric }).nullable().optional(),
});

/** Error bodies: `{type, error}` (the reference's error schema), or `{error}` / `{message}`. */
export const errorBodySchema = z.looseObject({ error: str, message: str, type: str });
