import * as z from 'zod';

/** The registry HTTP API version (`apiVersion` of GET /, docs/registry-api.md). */
export const API_VERSION = 2 as const;

/** `GET /health`: never touches the database. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  apiVersion: z.literal(API_VERSION),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * `GET /ready`: whether the process should be sent traffic. 200 with `ready`; 503 with
 * `starting` (the store is not reachable yet, or the start-up work on it is not done) or
 * `stopping` (a shutdown began), `reason` saying which. `store`: the connection right now.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'starting', 'stopping']),
  reason: z.string().optional(),
  store: z.enum(['connected', 'disconnected']),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** `GET /`: the service description. */
export const serviceInfoSchema = z.object({
  name: z.string(),
  apiVersion: z.literal(API_VERSION),
  admin: z.string(),
  endpoints: z.array(z.string()),
});
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;
