// The payloads of the SEC EDGAR capabilities (`filings.cik`, `filings.submissions`), normalized
// from the SEC's company_tickers.json and data.sec.gov submissions JSON. Rules as in
// market/market-types.ts: a member EDGAR did not return (missing, null or "") is absent, never
// 0, "" or "unknown"; counts are numbers; dates are as EDGAR sends them (`YYYY-MM-DD`, and an
// ISO 8601 time for the acceptance). A CIK is always the 10-digit, zero-padded string EDGAR uses
// in its paths ("0000320193").

/** `filings.cik`: the registrant behind a ticker. */
export interface SecFiler {
  /** The ticker as the SEC lists it (class shares with `-`: "BRK-B"). */
  ticker: string;
  /** 10 digits, zero-padded. */
  cik: string;
  /** The registrant's name as the SEC lists it. */
  name: string;
}

/** One filing of `filings.recent`. */
export interface SecFiling {
  /** The form type as filed: "8-K", "8-K/A", "10-Q", "10-K", "4", "SC 13G/A", ... */
  form: string;
  /** `YYYY-MM-DD`. */
  filingDate: string;
  /** `YYYY-MM-DD`: the period or event date, when the form has one. */
  reportDate?: string;
  /** When EDGAR accepted the filing (ISO 8601). */
  acceptedAt?: string;
  /** "0000320193-26-000071". */
  accessionNumber: string;
  /** The primary document's file name, as EDGAR lists it (may hold a path: "xslF345X05/form4.xml"). */
  primaryDocument?: string;
  /** EDGAR's description of the primary document ("8-K", "FORM 4", "Current report"). */
  description?: string;
  /** The filing's 8-K item numbers, raw ("2.02", "9.01"); absent when EDGAR lists none. */
  items?: string[];
  /** The primary document in the SEC's archive: `<base>/Archives/edgar/data/<cik>/<accession>/<document>`. */
  url?: string;
  /** The filing's index page in the SEC's archive. */
  indexUrl: string;
}

/** `filings.submissions`: a registrant's recent filings, newest first. */
export interface SecSubmissions {
  cik: string;
  name?: string;
  tickers?: string[];
  exchanges?: string[];
  /** EDGAR's entity type ("operating", "other", ...). */
  entityType?: string;
  sicDescription?: string;
  /** Whether insider transaction reports (forms 3, 4, 5) exist for the registrant as issuer. */
  insiderTransactionsAsIssuer?: boolean;
  /** The filings kept after the `forms` filter and the `limit`. */
  filings: SecFiling[];
  /** Filings in EDGAR's `filings.recent` (at most about 1,000, or one year), before any filter. */
  recentCount: number;
  /** Filings that matched the filter; more than `filings.length` when `limit` cut the list. */
  matchedCount: number;
  /** Older filings are in this many further files of EDGAR (`filings.files`), not read here. */
  olderFiles?: number;
}

/** A CIK as the 10-digit, zero-padded string EDGAR uses ("320193" → "0000320193"). */
export function paddedCik(cik: string | number): string {
  return String(cik).replace(/^CIK/i, '').padStart(10, '0');
}

/**
 * A ticker as the SEC lists it: upper case, class shares with `-` ("brk.b" and "BRK/B" → "BRK-B").
 * The SEC writes share classes with a hyphen where brokers (and the stock-token issuer) use a dot.
 */
export function secTicker(ticker: string): string {
  return ticker.trim().toUpperCase().replace(/[./]/g, '-');
}
