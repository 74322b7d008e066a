// alternative.me's fear-and-greed index: `sentiment.fearGreed` asks `/fng/?limit=N&format=json`
// and answers the newest reading (with the seconds to the next update) and, for limit > 1, every
// reading newest first. Errors (https://alternative.me/crypto/fear-and-greed-index/ "API";
// the vendor's documentation): a `metadata.error` text in the answer is a refusal of the
// request (PROVIDER_ERROR with the text); an empty `data` list is no data (UNAVAILABLE); the HTTP
// statuses by the default table of http-errors.ts for a host without a key: 429 RATE_LIMITED;
// other 4xx refused; 5xx and unusable bodies are failures (5xx transient).
import { compact } from '../../compact.js';
import { NoDataError, RequestRefusedError } from '../../errors/data-errors.js';
import { num, str } from '../../market/market-values.js';
import type { FearGreed, FearGreedReading } from '../../sources/alternative-me-types.js';
import { failedAnswer, httpTextOf, jsonRequest, parsedBody } from '../http-answer.js';
import { httpErrors } from '../http-errors.js';
import type { ProviderContext, ProviderEndpoint, ProviderFactory } from '../provider-types.js';
import { fngUrl } from './endpoints.js';
import { fngSchema, type FngReading } from './payloads.js';

/** A unix-seconds timestamp as ISO 8601; absent when it is not a whole number. */
function isoOf(seconds: unknown): string | undefined {
  const n = num(seconds);
  return n === undefined || !Number.isInteger(n) ? undefined : new Date(n * 1000).toISOString();
}

function reading(entry: FngReading): FearGreedReading {
  return compact({
    value: num(entry.value),
    classification: str(entry.value_classification),
    date: isoOf(entry.timestamp),
  }) as FearGreedReading;
}

const fngError = httpErrors([], { keyStatuses: [] });

async function fetchIndex(endpoint: ProviderEndpoint, context: ProviderContext, limit: number) {
  const options = { provider: 'alternative-me', redact: context.redact };
  const where = '/fng/';
  const response = await jsonRequest(context, { url: fngUrl(endpoint.url, limit), headers: {} });
  const { status } = response;
  const withStatus = { ...options, status };
  if (status >= 200 && status < 300) {
    const body = parsedBody(response, fngSchema, where, options);
    const error = str(body.metadata?.error);
    if (error) throw new RequestRefusedError(`${where}: ${error}`, withStatus);
    return body;
  }
  const errorText = (body: unknown) => str(fngSchema.safeParse(body).data?.metadata?.error);
  throw fngError(failedAnswer(response, { where, options, errorText, text: httpTextOf }));
}

export const createAlternativeMeProvider: ProviderFactory = (endpoint, context) => ({
  handlers: {
    'sentiment.fearGreed': async (params) => {
      const limit = typeof params.limit === 'number' ? params.limit : 1;
      const body = await fetchIndex(endpoint, context, limit);
      const entries = body.data ?? [];
      const newest = entries[0];
      if (!newest)
        throw new NoDataError('alternative.me sent no fear-and-greed reading', {
          provider: 'alternative-me',
        });
      const data: FearGreed = compact({
        index: str(body.name),
        latest: { ...reading(newest), nextUpdateInSeconds: num(newest.time_until_update) },
        history: limit > 1 ? entries.map(reading) : undefined,
      }) as FearGreed;
      return { data };
    },
  },
  // One reading: today's value and its day.
  health: async () => {
    const body = await fetchIndex(endpoint, context, 1);
    const newest = body.data?.[0];
    return compact({ readings: body.data?.length ?? 0, ...(newest ? reading(newest) : {}) }) as Record<
      string,
      unknown
    >;
  },
});
