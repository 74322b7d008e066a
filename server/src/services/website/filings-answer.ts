// GET /v1/filings/:symbol (docs/public-api.md): the filings card of a ticker's registrant
// (docs/website.md, "Filings") from SEC EDGAR through the data layer: one `filings.submissions`
// by ticker (the SEC's ticker list, kept an hour by the provider, then the registrant's recent
// filings), then filingsCard. A ticker the SEC does not list is UNAVAILABLE with the reason
// `no filer`; EDGAR without SEC_USER_AGENT is UNAVAILABLE naming the variable.
import type { Result, V1Filings } from '@pkg/shared';
import type { SecSubmissions } from '@pkg/shared/data';
import { filingsCard } from './filings.js';
import { sourceSection } from './source-section.js';
import type { WebsiteDeps } from './website-deps.js';

/** All of EDGAR's recent filings (at most about 1,000, or one year), so that the insider count over 30 days is whole. */
export const FILINGS_READ = 1_000;

/** The SEC lists no registrant for the ticker: the provider's "no filer" answer. */
const noFiler = (result: Result) =>
  result.status === 'UNAVAILABLE' && (result.answers ?? []).some((a) => /\bno filer\b/.test(a.error));

export async function filingsAnswer(deps: WebsiteDeps, symbol: string): Promise<V1Filings> {
  const result = await deps.data.filings.submissions({ ticker: symbol, limit: FILINGS_READ });
  if (noFiler(result))
    return { symbol, filings: { status: 'UNAVAILABLE', code: 'NO_FILER', reason: 'no filer' } };
  return {
    symbol,
    filings: sourceSection(result, (value) => filingsCard(value as SecSubmissions, deps.clock())),
  };
}
