// The payload of `odds.events` (Polymarket's Gamma API), following the rules of
// market/market-types.ts: a member Polymarket did not send (missing, null, "") is absent, never 0,
// "" or "unknown"; prices are probabilities from 0 to 1, kept as the decimal strings Polymarket
// sent; USD amounts are numbers; times are ISO 8601 as sent. The outcome lists Gamma sends as
// JSON-encoded strings (`outcomes`, `outcomePrices`) are parsed. Market prices, not a forecast.

/** One outcome of a market and its price: the probability the market gives it, 0 to 1. */
export interface OddsOutcome {
  name: string;
  /** A decimal string from 0 to 1 as sent (index-aligned with the outcome in `outcomePrices`). */
  price?: string;
}

/** One market (a Yes/No question) of an event. */
export interface OddsMarket {
  id: string;
  question?: string;
  slug?: string;
  /** The market's label inside a multi-market event (`groupItemTitle`: "25 bps decrease", "$250"). */
  label?: string;
  /** The order of the market among its event's buckets (`groupItemThreshold`). */
  bucketOrder?: number;
  /** Absent when Polymarket sent no (or an unreadable) outcome list. */
  outcomes?: OddsOutcome[];
  /** The price of the outcome named "Yes", found by its name, never by its position. */
  yesPrice?: string;
  volumeUsd?: number;
  volume24hUsd?: number;
  liquidityUsd?: number;
  endDate?: string;
  active?: boolean;
  acceptingOrders?: boolean;
}

export interface OddsTag {
  id?: string;
  slug?: string;
  label?: string;
}

/** One open event with its open markets. */
export interface OddsEvent {
  id: string;
  slug?: string;
  title?: string;
  /** The event's page: `https://polymarket.com/event/<slug>`. */
  url?: string;
  startDate?: string;
  endDate?: string;
  /**
   * Polymarket's `negRisk` flag as sent: true when exactly one of the event's markets resolves
   * Yes (mutually exclusive buckets whose Yes prices sum to about 1); false for independent
   * markets (price levels each with its own Yes/No). Absent when Polymarket did not say.
   */
  mutuallyExclusive?: boolean;
  volumeUsd?: number;
  volume24hUsd?: number;
  liquidityUsd?: number;
  openInterestUsd?: number;
  tags?: OddsTag[];
  markets: OddsMarket[];
  /** Markets of the event that are already closed, left out of `markets` (present when any). */
  closedMarketsLeftOut?: number;
}

/** odds.events */
export interface OddsEventList {
  tag?: string;
  search?: string;
  events: OddsEvent[];
  count: number;
  /** Events Polymarket returned that are closed, archived or not active, left out (present when any). */
  leftOut?: number;
  /** A search only: Polymarket has more matching events than returned. */
  hasMore?: boolean;
}
