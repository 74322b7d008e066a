// The public read-only API's endpoints (docs/public-api.md): one table that the tRPC procedures,
// the REST adapters and the OpenAPI document are all built from, so that the three never
// disagree. Each endpoint has its path (Express syntax), the schema of its parameters (path
// parameters and query string together; the SPA passes the same object over tRPC), the schema
// of its answer, and how long its answer is kept (the edge headers derive from it).
// Browser-safe: zod only.
import { z } from 'zod';
import { v1AddressSchema, v1ContractSchema } from './contract.js';

export interface V1Endpoint {
  /** Express path, e.g. `/v1/contract/:address`. */
  path: string;
  summary: string;
  description: string;
  /** Path parameters and query string in one object. */
  params: z.ZodObject;
  /** The names in `params` that are path parameters (the rest are query parameters). */
  pathParams: readonly string[];
  answer: z.ZodType;
  /** How long an answer is kept by the origin and may be kept at the edge. */
  ttlMs: number;
}

/** The data layer's TTLs (docs/data-layer.md, "Cache") that the endpoints follow. */
const TTL = { market: 30_000, indexed: 15_000, verified: 600_000, web: 300_000 } as const;

export const V1_ENDPOINTS = {
  contract: {
    path: '/v1/contract/:address',
    summary: 'Contract facts',
    description:
      "A contract's verified name, functions and events from the explorer, and the address's automated security flags.",
    params: z.object({ address: v1AddressSchema }).strict(),
    pathParams: ['address'],
    answer: v1ContractSchema,
    ttlMs: TTL.verified,
  },
} as const satisfies Record<string, V1Endpoint>;

export type V1Name = keyof typeof V1_ENDPOINTS;
export type V1Params<K extends V1Name> = z.infer<(typeof V1_ENDPOINTS)[K]['params']>;
export type V1Answer<K extends V1Name> = z.infer<(typeof V1_ENDPOINTS)[K]['answer']>;
export { TTL as V1_TTL };
