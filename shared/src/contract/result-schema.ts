// The result envelope and its provenance,
// as zod schemas. Browser-safe: zod only, so that the SPA can parse envelopes without the SDK.
import * as z from 'zod';

export const RESULT_STATUSES = ['LIVE', 'CACHED', 'UNAVAILABLE', 'ERROR'] as const;
export const resultStatusSchema = z.enum(RESULT_STATUSES);
export type ResultStatus = z.infer<typeof resultStatusSchema>;

export const DATA_ERROR_CODES = [
  'INVALID_INPUT',
  'NOT_FOUND',
  'RATE_LIMITED',
  'PROVIDER_ERROR',
  'ALL_PROVIDERS_FAILED',
  'CHAIN_MISMATCH',
] as const;
export const dataErrorCodeSchema = z.enum(DATA_ERROR_CODES);
export type DataErrorCode = z.infer<typeof dataErrorCodeSchema>;

/** One provider that failed or had no data before the serving one (or before giving up). */
export const providerAttemptSchema = z.object({ provider: z.string(), error: z.string() }).strict();
export type ProviderAttempt = z.infer<typeof providerAttemptSchema>;

/** On CACHED results: `key` is the request identity. Times are ISO 8601, durations milliseconds. */
export const cacheInfoSchema = z
  .object({
    key: z.string(),
    cachedAt: z.iso.datetime(),
    ageMs: z.number().int().nonnegative(),
    ttlMs: z.number().int().positive(),
    expiresAt: z.iso.datetime(),
  })
  .strict();
export type CacheInfo = z.infer<typeof cacheInfoSchema>;

export const provenanceSchema = z
  .object({
    source: z.string(),
    /** The chain key, or the market network asked about (`eth`, `solana`), or `global`. */
    chain: z.string(),
    /** The chain id, when the answer is about the supported chain. */
    chainId: z.number().int().optional(),
    fetchedAt: z.iso.datetime(),
    fresh: z.boolean(),
    blockNumber: z.string().optional(),
    blockHash: z.string().optional(),
    requestId: z.string(),
    fallbackFrom: z.array(providerAttemptSchema).optional(),
    expiresAt: z.iso.datetime().optional(),
    cache: cacheInfoSchema.optional(),
    rateLimit: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type Provenance = z.infer<typeof provenanceSchema>;

export const liveResultSchema = z
  .object({ status: z.literal('LIVE'), data: z.unknown(), provenance: provenanceSchema })
  .strict();
export const cachedResultSchema = z
  .object({ status: z.literal('CACHED'), data: z.unknown(), provenance: provenanceSchema })
  .strict();
export const unavailableResultSchema = z
  .object({
    status: z.literal('UNAVAILABLE'),
    code: z.literal('CAPABILITY_UNAVAILABLE'),
    capability: z.string(),
    provider: z.string(),
    network: z.string(),
    reason: z.string(),
    timestamp: z.iso.datetime(),
    answers: z.array(providerAttemptSchema).optional(),
  })
  .strict();
export const errorResultSchema = z
  .object({
    status: z.literal('ERROR'),
    code: dataErrorCodeSchema,
    message: z.string(),
    capability: z.string().optional(),
    attemptedProviders: z.array(providerAttemptSchema),
  })
  .strict();

export const resultSchema = z.discriminatedUnion('status', [
  liveResultSchema,
  cachedResultSchema,
  unavailableResultSchema,
  errorResultSchema,
]);

export type LiveResult<T = unknown> = Omit<z.infer<typeof liveResultSchema>, 'data'> & { data: T };
export type CachedResult<T = unknown> = Omit<z.infer<typeof cachedResultSchema>, 'data'> & { data: T };
export type UnavailableResult = z.infer<typeof unavailableResultSchema>;
export type ErrorResult = z.infer<typeof errorResultSchema>;
export type Result<T = unknown> = LiveResult<T> | CachedResult<T> | UnavailableResult | ErrorResult;

/** Composite answers (wallet, token, contract and transaction inspect): named sections, each an envelope. */
export const compositeResultSchema = z
  .object({
    status: resultStatusSchema,
    code: z.union([dataErrorCodeSchema, z.literal('CAPABILITY_UNAVAILABLE')]).optional(),
    sections: z.record(z.string(), resultSchema),
  })
  .strict();
export type CompositeResult = z.infer<typeof compositeResultSchema>;
