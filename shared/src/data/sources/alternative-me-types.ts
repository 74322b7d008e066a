// The payload of `sentiment.fearGreed` (alternative.me's Crypto Fear & Greed Index), following the
// rules of market/market-types.ts: a member alternative.me did not send (missing, null, "") is
// absent; the index value (0 to 100) and the seconds to the next update are numbers; times are ISO 8601.

export interface FearGreedReading {
  /** 0 (extreme fear) to 100 (extreme greed). */
  value?: number;
  /** As sent: `Extreme Fear`, `Fear`, `Neutral`, `Greed`, `Extreme Greed`. */
  classification?: string;
  /** The day the reading is for (ISO 8601, from the unix `timestamp` sent). */
  date?: string;
}

/** sentiment.fearGreed */
export interface FearGreed {
  /** The index's name as sent (`Fear and Greed Index`). */
  index?: string;
  /** The newest reading. */
  latest: FearGreedReading & {
    /** Seconds until alternative.me publishes the next reading, as sent (newest reading only). */
    nextUpdateInSeconds?: number;
  };
  /** Every reading asked for (`limit` days), newest first; the latest included. Only when limit > 1. */
  history?: FearGreedReading[];
}
