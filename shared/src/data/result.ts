// Envelope builders. toResult() is the only place where errors become envelopes: it maps a
// thrown error to ERROR (or UNAVAILABLE) and passes every text through redaction.
import { findProviderError } from './errors/data-errors.js';
import type { Redactor } from './errors/redact.js';
import { stripUrlSecrets } from './errors/base-error.js';
import type {
  CachedResult,
  CompositeResult,
  DataErrorCode,
  ErrorResult,
  LiveResult,
  Provenance,
  ProviderAttempt,
  Result,
  UnavailableResult,
} from '../contract/result-schema.js';

export function liveResult<T>(data: T, provenance: Provenance): LiveResult<T> {
  return { status: 'LIVE', data, provenance };
}

export function cachedResult<T>(data: T, provenance: Provenance): CachedResult<T> {
  return { status: 'CACHED', data, provenance };
}

export function unavailableResult(input: {
  capability: string;
  provider: string;
  /** The chain key or market network that was asked about. */
  network: string;
  reason: string;
  now: number;
  answers?: ProviderAttempt[] | undefined;
}): UnavailableResult {
  return {
    status: 'UNAVAILABLE',
    code: 'CAPABILITY_UNAVAILABLE',
    capability: input.capability,
    provider: input.provider,
    network: input.network,
    reason: input.reason,
    timestamp: new Date(input.now).toISOString(),
    ...(input.answers && input.answers.length > 0 ? { answers: input.answers } : {}),
  };
}

export function errorResult(
  code: DataErrorCode,
  message: string,
  attemptedProviders: ProviderAttempt[],
  capability?: string,
): ErrorResult {
  return {
    status: 'ERROR',
    code,
    message,
    ...(capability ? { capability } : {}),
    attemptedProviders,
  };
}

/** Any thrown error → ERROR envelope, with redacted text. Unknown errors are PROVIDER_ERROR. */
export function toResult(
  error: unknown,
  context: { redact: Redactor; attempted?: ProviderAttempt[]; capability?: string },
): ErrorResult {
  const redact = (text: string) => stripUrlSecrets(context.redact(text));
  const attempted = (context.attempted ?? []).map((a) => ({ provider: a.provider, error: redact(a.error) }));
  const known = findProviderError(error);
  if (known) return errorResult(known.code, redact(known.shortMessage), attempted, context.capability);
  const message = error instanceof Error ? error.message : String(error);
  return errorResult('PROVIDER_ERROR', redact(message), attempted, context.capability);
}

/** A short, redacted description of a provider's failure for `fallbackFrom`. */
export function describeFailure(error: unknown, redact: Redactor): string {
  const known = findProviderError(error);
  const text = known ? known.shortMessage : error instanceof Error ? error.message : String(error);
  const prefix =
    known?.kind === 'no_data' ? 'no data: ' : known && known.kind !== 'failure' ? `${known.kind}: ` : '';
  return stripUrlSecrets(redact(`${prefix}${text}`));
}

/** Composite status: LIVE when a section is live, CACHED when all served sections are cached, else the first error. */
export function compositeResult(sections: Record<string, Result>): CompositeResult {
  const all = Object.values(sections);
  const served = all.filter((s) => s.status === 'LIVE' || s.status === 'CACHED');
  if (served.length > 0) {
    return { status: served.some((s) => s.status === 'LIVE') ? 'LIVE' : 'CACHED', sections };
  }
  const firstError = all.find((s): s is ErrorResult => s.status === 'ERROR');
  if (firstError) return { status: 'ERROR', code: firstError.code, sections };
  return { status: 'UNAVAILABLE', code: 'CAPABILITY_UNAVAILABLE', sections };
}
