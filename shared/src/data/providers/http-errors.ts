// The one mapping from the HTTP status of a vendor's failed answer to the data layer's errors
// (errors/data-errors.ts; what each error makes the router do is in docs/data-layer.md):
//
// | status        | error                                                                 |
// | ------------- | --------------------------------------------------------------------- |
// | 401, 403      | AuthFailedError `key rejected (…)`: the provider becomes auth_failed  |
// | 429           | RateLimitedError, with the answer's `Retry-After` when it sent one    |
// | 5xx           | ProviderError('failure'), transient (worth the one retry)             |
// | other 4xx     | RequestRefusedError: PROVIDER_ERROR, no fallback                      |
// | anything else | ProviderError('failure')                                              |
//
// A vendor extends or overrides the table with rows of its own (a 404 that means "no listing", a
// 400 that means a bad key, its own rate-limit body), and says which statuses mean a rejected key
// (`keyStatuses`: [] for a vendor that takes no key, whose 401 and 403 are then refusals).
// A row matches a status exactly, a class (`4xx`), `any` status or, last, `other`; it may add a
// condition on the answer (`when`). The first matching row wins, looked up from the most specific:
// `any` rows first (a vendor's own error code in the body says more than the status), then exact
// statuses, then classes, then `other`; within each, the vendor's rows before the defaults.
import {
  AuthFailedError,
  NoDataError,
  NotFoundError,
  ProviderError,
  RequestRefusedError,
  UnsupportedMethodError,
} from '../errors/data-errors.js';
import { rateLimitedError, type FailedAnswer } from './http-answer.js';

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

/** The statuses a row is about (see the file's head for the order rows are tried in). */
export type StatusMatch = number | readonly number[] | StatusClass | 'any' | 'other';

export interface StatusRow<A extends FailedAnswer = FailedAnswer> {
  status: StatusMatch;
  /** A further condition on the answer (the vendor's text, a header, the request). */
  when?: (answer: A) => boolean;
  /** The error the answer stands for. */
  error: (answer: A) => ProviderError;
}

/** A row's message from the answer; the default is the answer's `text`. */
export type MessageOf<A extends FailedAnswer> = (answer: A) => string;

const textOf = (answer: FailedAnswer) => answer.text;

export const keyRejected =
  <A extends FailedAnswer>(message: MessageOf<A> = (a) => `key rejected (${a.text})`) =>
  (answer: A): ProviderError =>
    new AuthFailedError(message(answer), answer.options);

/** A rate limit carrying the answer's `Retry-After` (in milliseconds) when it sent one. */
export const rateLimited =
  <A extends FailedAnswer>(message: MessageOf<A> = textOf) =>
  (answer: A): ProviderError =>
    rateLimitedError(message(answer), answer.response, answer.options);

export const refused =
  <A extends FailedAnswer>(message: MessageOf<A> = textOf) =>
  (answer: A): ProviderError =>
    new RequestRefusedError(message(answer), answer.options);

export const failure =
  <A extends FailedAnswer>(message: MessageOf<A> = textOf) =>
  (answer: A): ProviderError =>
    new ProviderError('failure', message(answer), answer.options);

export const transientFailure =
  <A extends FailedAnswer>(message: MessageOf<A> = textOf) =>
  (answer: A): ProviderError =>
    new ProviderError('failure', message(answer), { ...answer.options, transient: true });

export const notFound =
  <A extends FailedAnswer>(message: MessageOf<A> = textOf) =>
  (answer: A): ProviderError =>
    new NotFoundError(message(answer), answer.options);

export const noData =
  <A extends FailedAnswer>(message: MessageOf<A> = textOf) =>
  (answer: A): ProviderError =>
    new NoDataError(message(answer), answer.options);

export const unsupported =
  <A extends FailedAnswer>(message: MessageOf<A> = textOf) =>
  (answer: A): ProviderError =>
    new UnsupportedMethodError(message(answer), answer.options);

/** The statuses that mean a rejected key, unless the vendor says otherwise. */
export const DEFAULT_KEY_STATUSES: readonly number[] = [401, 403];

/** The default table (see the file's head), with the key rows of `keyStatuses`. */
export function defaultStatusRows(keyStatuses: readonly number[] = DEFAULT_KEY_STATUSES): StatusRow[] {
  return [
    ...(keyStatuses.length > 0 ? [{ status: keyStatuses, error: keyRejected() }] : []),
    { status: 429, error: rateLimited() },
    { status: '5xx', error: transientFailure() },
    { status: '4xx', error: refused() },
    { status: 'other', error: failure() },
  ];
}

/** 402 from a vendor billed in credits: a failure, the next provider is tried. */
export const OUT_OF_CREDITS_ROW: StatusRow = {
  status: 402,
  error: failure((a) => `out of credits (${a.text})`),
};

/** 408, the vendor's own time-out: a transient failure. */
export const VENDOR_TIMEOUT_ROW: StatusRow = { status: 408, error: transientFailure() };

/** 0 `any`, 1 exact, 2 class, 3 `other`: the order rows are tried in. */
function tierOf(match: StatusMatch): number {
  if (match === 'any') return 0;
  if (match === 'other') return 3;
  return typeof match === 'string' ? 2 : 1;
}

function matches(match: StatusMatch, status: number): boolean {
  if (match === 'any' || match === 'other') return true;
  if (typeof match === 'number') return status === match;
  if (typeof match === 'string') return Math.floor(status / 100) === Number(match[0]);
  return match.includes(status);
}

export interface HttpErrorsOptions {
  /** The statuses that mean a rejected key; default 401 and 403, [] for a vendor without a key. */
  keyStatuses?: readonly number[];
}

/**
 * The error of a failed answer by the default table extended (or overridden) by the vendor's
 * `rows`: built once per vendor, called with each failed answer.
 */
export function httpErrors<A extends FailedAnswer = FailedAnswer>(
  rows: readonly StatusRow<A>[] = [],
  { keyStatuses }: HttpErrorsOptions = {},
): (answer: A) => ProviderError {
  const table: readonly StatusRow<A>[] = [...rows, ...defaultStatusRows(keyStatuses)].sort(
    (a, b) => tierOf(a.status) - tierOf(b.status),
  );
  return (answer) => {
    for (const row of table)
      if (matches(row.status, answer.status) && (row.when?.(answer) ?? true)) return row.error(answer);
    return failure()(answer);
  };
}
