// health.get: the liveness answer of GET /health. It never touches the database.
// health.ready: the readiness answer of GET /ready (docs/operator.md, "Readiness and liveness"):
// this process's state, and whether its connection is up now. It never queries the database.
// health.info: the service description of GET /.
import type { TRPCRouterRecord } from '@trpc/server';
import { API_VERSION, healthSchema, readinessSchema, serviceInfoSchema } from '@pkg/shared';
import { livenessProcedure } from '../init.js';
import { isStorageConnected } from '../../db/availability.js';
import { REST_ENDPOINTS } from '../../endpoints.js';

export const healthRouter = {
  get: livenessProcedure
    .output(healthSchema)
    .query(() => ({ status: 'ok' as const, apiVersion: API_VERSION })),
  ready: livenessProcedure.output(readinessSchema).query(({ ctx }) => {
    const { state, reason } = ctx.deps.readiness;
    const up = isStorageConnected(ctx.deps.db);
    return {
      status: state,
      ...(reason ? { reason } : {}),
      store: up ? ('connected' as const) : ('disconnected' as const),
    };
  }),
  info: livenessProcedure.output(serviceInfoSchema).query(({ ctx }) => ({
    name: 'pkg registry',
    apiVersion: API_VERSION,
    admin: ctx.deps.config.PKG_ADMIN_CONTACT,
    endpoints: [...REST_ENDPOINTS],
  })),
} satisfies TRPCRouterRecord;
