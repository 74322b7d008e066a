// The payload of macro.series (capabilities/fred.ts), as the FRED provider answers it. Rules of
// market/market-types.ts: a member FRED did not return (missing, null, "") is absent, never 0, ""
// or "unknown". Observation values stay decimal strings exactly as FRED sent them (their unit is
// the series'); FRED's "." (no value for that date) is an observation without `value`, never 0.
// Times are ISO 8601 (UTC); dates are YYYY-MM-DD.

export interface MacroObservation {
  /** YYYY-MM-DD: the start of the observation's period. */
  date: string;
  /** Absent when FRED has no value for the date ("."). */
  value?: string;
}

export interface MacroSeries {
  /** FRED's series id. */
  id: string;
  title?: string;
  /** The unit of the series' levels (e.g. "Percent", "Index 1982-1984=100"). */
  units?: string;
  unitsShort?: string;
  /** e.g. "Monthly", with FRED's code ("M") in `frequencyShort`. */
  frequency?: string;
  frequencyShort?: string;
  seasonalAdjustment?: string;
  /** When FRED last updated the series. */
  lastUpdated?: string;
  /** The first and last observation dates FRED holds. */
  observationStart?: string;
  observationEnd?: string;
  /** FRED's transformation of the values: `lin` (levels), `pc1` (percent change from a year ago), ... */
  transformation: string;
  /** How many observations FRED holds for the series (in this transformation). */
  count?: number;
  /** The latest observations, newest first. */
  observations: MacroObservation[];
}
