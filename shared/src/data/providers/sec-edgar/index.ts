// SEC EDGAR, the regulator-filings source (docs/website.md, "Filings"): `filings.cik` (ticker → CIK
// and name, from www.sec.gov/files/company_tickers.json) and `filings.submissions` (a registrant's
// recent filings, from data.sec.gov/submissions/CIK##########.json, by CIK or, as a convenience, by
// ticker). The ticker list (~10,000 rows, about 1 MB) is read once and kept by the runtime for
// the `networks` TTL (1 h) so that one download serves every ticker; a ticker it does not list
// is "no filer" (NoDataError: UNAVAILABLE), as the filings card says for funds the SEC does not
// list (docs/website.md, "Filings").
// Links are built from the SEC's archive path: <www>/Archives/edgar/data/<CIK without leading
// zeros>/<accession without dashes>/<primary document>, and the filing index
// <accession>-index.htm beside it.
import { TTL_MS } from '../../capabilities/define-capability.js';
import { compact } from '../../compact.js';
import { NoDataError } from '../../errors/data-errors.js';
import {
  paddedCik,
  secTicker,
  type SecFiler,
  type SecFiling,
  type SecSubmissions,
} from '../../sources/sec-edgar-types.js';
import type { ProviderFactory } from '../provider-types.js';
import { secEdgarEndpointOf } from './endpoints.js';
import { createSecGet } from './http.js';
import { companyTickersSchema, submissionsSchema, type Submissions } from './payloads.js';

const TICKERS_TTL_MS = TTL_MS.networks;
const DEFAULT_LIMIT = 40;

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

const texts = (values: (string | null)[] | null | undefined): string[] | undefined => {
  const kept = (values ?? []).map((v) => text(v)).filter((v): v is string => v !== undefined);
  return kept.length > 0 ? kept : undefined;
};

/** The path segments of a document name, each encoded ("xslF345X05/form4.xml" keeps its slash). */
const documentPath = (name: string) => name.split('/').map(encodeURIComponent).join('/');

function filingsOf(
  submissions: Submissions,
  cik: string,
  archive: string,
  forms: readonly string[] | undefined,
): SecFiling[] {
  const recent = submissions.filings.recent;
  const folder = `${archive}/Archives/edgar/data/${String(Number(cik))}`;
  const wanted = forms ? new Set(forms.map((f) => f.toUpperCase())) : undefined;
  const out: SecFiling[] = [];
  recent.accessionNumber.forEach((raw, i) => {
    const accessionNumber = text(raw);
    const form = text(recent.form[i]);
    const filingDate = text(recent.filingDate[i]);
    // A row without its accession number, form or filing date is not a filing that can be shown.
    if (!accessionNumber || !form || !filingDate) return;
    if (wanted && !wanted.has(form.toUpperCase())) return;
    const bare = accessionNumber.replace(/-/g, '');
    const primaryDocument = text(recent.primaryDocument?.[i]);
    const items = text(recent.items?.[i])
      ?.split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    out.push(
      compact({
        form,
        filingDate,
        reportDate: text(recent.reportDate?.[i]),
        acceptedAt: text(recent.acceptanceDateTime?.[i]),
        accessionNumber,
        primaryDocument,
        description: text(recent.primaryDocDescription?.[i]),
        items: items && items.length > 0 ? items : undefined,
        url: primaryDocument ? `${folder}/${bare}/${documentPath(primaryDocument)}` : undefined,
        indexUrl: `${folder}/${bare}/${encodeURIComponent(accessionNumber)}-index.htm`,
      }) as SecFiling,
    );
  });
  return out;
}

export const createSecEdgarProvider: ProviderFactory = (configured, context) => {
  const endpoint = secEdgarEndpointOf(configured);
  const get = createSecGet(endpoint, context);
  let tickers: { byTicker: Map<string, SecFiler>; at: number } | undefined;
  let loading: Promise<Map<string, SecFiler>> | undefined;

  const loadTickers = async (): Promise<Map<string, SecFiler>> => {
    const rows = await get(
      { url: `${endpoint.url}/files/company_tickers.json`, what: 'company_tickers.json' },
      companyTickersSchema,
    );
    const byTicker = new Map<string, SecFiler>();
    // Rows in the file's order ("0", "1", ...); a ticker listed twice keeps its first listing.
    const ordered = Object.entries(rows).sort(([a], [b]) => Number(a) - Number(b));
    for (const [, row] of ordered) {
      const ticker = secTicker(row.ticker);
      if (!ticker || byTicker.has(ticker)) continue;
      byTicker.set(ticker, {
        ticker: row.ticker.trim(),
        cik: paddedCik(row.cik_str),
        name: row.title.trim(),
      });
    }
    tickers = { byTicker, at: Date.now() };
    return byTicker;
  };

  /** The ticker list, read at most once an hour (concurrent readers share one download). */
  const tickerMap = (): Promise<Map<string, SecFiler>> => {
    if (tickers && Date.now() - tickers.at < TICKERS_TTL_MS) return Promise.resolve(tickers.byTicker);
    loading ??= loadTickers().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  const filerOf = async (ticker: string): Promise<SecFiler> => {
    const wanted = secTicker(ticker);
    const filer = (await tickerMap()).get(wanted);
    if (!filer)
      throw new NoDataError(`no filer: the SEC's company_tickers.json lists no registrant for ${wanted}`, {
        provider: 'sec-edgar',
      });
    return filer;
  };

  return {
    handlers: {
      'filings.cik': async (params) => ({ data: await filerOf(String(params.ticker)) }),
      'filings.submissions': async (params) => {
        const cik =
          typeof params.cik === 'string' ? paddedCik(params.cik) : (await filerOf(String(params.ticker))).cik;
        const limit = typeof params.limit === 'number' ? params.limit : DEFAULT_LIMIT;
        const forms = Array.isArray(params.forms) ? params.forms.map(String) : undefined;
        const submissions = await get(
          {
            url: `${endpoint.dataUrl}/submissions/CIK${cik}.json`,
            what: `submissions of CIK ${cik}`,
            notFound: `EDGAR has no registrant with CIK ${cik}`,
          },
          submissionsSchema,
        );
        const matched = filingsOf(submissions, cik, endpoint.url, forms);
        const insider = submissions.insiderTransactionForIssuerExists;
        const data: SecSubmissions = compact({
          cik,
          name: text(submissions.name),
          tickers: texts(submissions.tickers),
          exchanges: texts(submissions.exchanges),
          entityType: text(submissions.entityType),
          sicDescription: text(submissions.sicDescription),
          insiderTransactionsAsIssuer: insider === 1 ? true : insider === 0 ? false : undefined,
          filings: matched.slice(0, limit),
          recentCount: submissions.filings.recent.accessionNumber.length,
          matchedCount: matched.length,
          olderFiles: submissions.filings.files?.length,
        }) as SecSubmissions;
        return { data };
      },
    },
    health: async () => {
      const byTicker = await loadTickers();
      return { tickers: byTicker.size };
    },
  };
};
