// GET against the DexScreener API through the guarded fetch (which applies the 300-a-minute
// budget and the time-out). The reference documents no error bodies and no rate-limit headers,
// so the default table of http-errors.ts for a host without a key: 429 is RATE_LIMITED on the
// status alone, other 4xx a refused request (with an excerpt of the body), 5xx and a body that is
// not JSON a failure (transient when 5xx).
import { ProviderError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { dexscreenerUrl } from './endpoints.js';
import { pairListSchema, type PairList } from './payloads.js';
import { failedAnswer, jsonOf } from '../http-answer.js';
import { httpErrors, rateLimited, refused } from '../http-errors.js';

export type DexscreenerGet = (path: string, query?: Record<string, string>) => Promise<PairList>;

const PROVIDER = 'dexscreener';

/** A short, redacted excerpt of a vendor body for an error message. */
function excerpt(body: string, context: ProviderContext): string {
  const flat = body.replace(/\s+/g, ' ').trim().slice(0, 160);
  return flat ? `: ${context.redact(flat)}` : '';
}

export function createDexscreenerGet(endpoint: ProviderEndpoint, context: ProviderContext): DexscreenerGet {
  const options = { provider: PROVIDER, redact: context.redact };
  const errorOf = httpErrors(
    [
      {
        status: 429,
        error: rateLimited((a) => `${a.where}: HTTP 429 (rate limit of 300 requests a minute)`),
      },
      { status: '4xx', error: refused((a) => `${a.text}${excerpt(a.response.text, context)}`) },
    ],
    { keyStatuses: [] },
  );
  return async (path, query = {}) => {
    const response = await context.fetch({
      url: dexscreenerUrl(endpoint.url, path, query),
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    const { status } = response;
    if (status < 200 || status >= 300)
      throw errorOf(failedAnswer(response, { where: path, options, text: () => `${path}: HTTP ${status}` }));
    const withStatus = { ...options, status };
    const json = jsonOf(response.text);
    if (json === undefined)
      throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, withStatus);
    const parsed = pairListSchema.safeParse(json);
    if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, withStatus);
    return parsed.data;
  };
}
