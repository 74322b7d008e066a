// GET against the Zerion API through the guarded fetch, with Zerion's error mapping
// (https://developers.zerion.io/reference/error-codes):
// 401 rejects the key; 429 is a rate limit (its Retry-After kept for the one retry); 202 means
// the wallet is still being indexed; any other 4xx on a wallet endpoint means Zerion cannot track
// the address (contracts and system addresses: their exact error is undocumented), reported as
// no data, never as an empty wallet; any other status a failure, transient when 5xx (rows over
// the default table of http-errors.ts, where 401 alone rejects the key).
import type { z } from 'zod';
import { NoDataError, ProviderError } from '../../errors/data-errors.js';
import type { ProviderContext, ProviderEndpoint } from '../provider-types.js';
import { basicCredentials } from './endpoints.js';
import { errorBodySchema } from './payloads.js';
import { failedAnswer, failureText, httpTextOf, jsonOf, type FailedAnswer } from '../http-answer.js';
import { failure, httpErrors, noData, transientFailure, type StatusRow } from '../http-errors.js';
import { urlWithQuery } from '../endpoint-url.js';

export interface ZerionRequest {
  /** A path under the base (`/v1/...`) with its query. */
  path: string;
  query?: Record<string, string>;
  /** The wallet a wallet endpoint is about: its other 4xx answers mean "untrackable". */
  wallet?: string;
}

export type ZerionGet = <S extends z.ZodType>(request: ZerionRequest, schema: S) => Promise<z.infer<S>>;

/** The first error's detail (or title) of a `{errors: [{title, detail}]}` body. */
function errorDetail(body: unknown): string | undefined {
  const parsed = errorBodySchema.safeParse(body);
  const first = parsed.success ? parsed.data.errors?.[0] : undefined;
  return first?.detail || first?.title || undefined;
}

/** A failed Zerion answer, with the wallet a wallet endpoint is about. */
interface ZerionFailure extends FailedAnswer {
  wallet: string | undefined;
}

const ZERION_ROWS: readonly StatusRow<ZerionFailure>[] = [
  {
    status: '4xx',
    when: (a) => a.wallet !== undefined,
    error: noData(
      (a) =>
        `Zerion cannot track ${a.wallet ?? ''} (untrackable: a contract or system address): ${a.detail ?? `HTTP ${a.status}`}`,
    ),
  },
  { status: '4xx', error: failure(failureText) },
  { status: '5xx', error: transientFailure(failureText) },
  { status: 'other', error: failure(failureText) },
];

const zerionError = httpErrors(ZERION_ROWS, { keyStatuses: [401] });

export function createZerionGet(endpoint: ProviderEndpoint, context: ProviderContext): ZerionGet {
  const authorization = `Basic ${basicCredentials(endpoint.secrets[0] ?? '')}`;
  const options = { provider: 'zerion', redact: context.redact };
  return async ({ path, query = {}, wallet }, schema) => {
    const url = urlWithQuery(`${endpoint.url}${path}`, query);
    const response = await context.fetch({
      url: url.toString(),
      method: 'GET',
      headers: { accept: 'application/json', authorization },
    });
    const { status } = response;
    const withStatus = { ...options, status };
    const body = jsonOf(response.text);
    if (status === 202)
      throw new NoDataError('Zerion is still indexing this wallet; ask again shortly', withStatus);
    if (status >= 200 && status < 300) {
      if (body === undefined)
        throw new ProviderError('failure', `${path}: non-JSON response (HTTP ${status})`, withStatus);
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new ProviderError('failure', `${path}: unexpected payload`, withStatus);
      return parsed.data;
    }
    const failed = failedAnswer(response, { where: path, options, errorText: errorDetail, text: httpTextOf });
    throw zerionError({ ...failed, wallet });
  };
}
