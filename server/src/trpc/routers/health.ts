// health.get: the liveness answer of GET /health. It never touches the database.
// health.info: the service description of GET /.
import type { TRPCRouterRecord } from '@trpc/server';
import { API_VERSION, healthSchema, serviceInfoSchema } from '@pkg/shared';
import { livenessProcedure } from '../init.js';
import { REST_ENDPOINTS } from '../../endpoints.js';

export const healthRouter = {
  get: livenessProcedure
    .output(healthSchema)
    .query(() => ({ status: 'ok' as const, apiVersion: API_VERSION })),
  info: livenessProcedure.output(serviceInfoSchema).query(({ ctx }) => ({
    name: 'pkg registry',
    apiVersion: API_VERSION,
    admin: ctx.deps.config.PKG_ADMIN_CONTACT,
    endpoints: [...REST_ENDPOINTS],
  })),
} satisfies TRPCRouterRecord;
