import { z } from 'zod';

/** The registry HTTP API version (`apiVersion` of GET /, docs/registry-api.md). */
export const API_VERSION = 2 as const;

/** `GET /health`: never touches the database. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  apiVersion: z.literal(API_VERSION),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /`: the service description. */
export const serviceInfoSchema = z.object({
  name: z.string(),
  apiVersion: z.literal(API_VERSION),
  admin: z.string(),
  endpoints: z.array(z.string()),
});
export type ServiceInfo = z.infer<typeof serviceInfoSchema>;
