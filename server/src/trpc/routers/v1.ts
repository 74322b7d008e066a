// The public read-only API's procedures (docs/public-api.md): the SPA calls them over /trpc, the
// REST adapters of rest/v1.ts over /v1. The router is generated from the rows of V1_ENDPOINTS
// (@pkg/shared), one procedure per row, and names no endpoint itself: a procedure's parameters
// are validated by its row's schema, and its answer comes from services/website/v1-answer.ts
// (built, checked and kept in the answer cache). The procedure returns the kept object itself,
// so that the REST adapter serializes it once. No database.
import type { TRPCRouterRecord } from '@trpc/server';
import { V1_ENDPOINTS, type V1Name, type V1Params } from '@pkg/shared';
import { v1Answer } from '../../services/website/v1-answer.js';
import { livenessProcedure } from '../init.js';

export { v1AnswerKey } from '../../services/website/v1-answer.js';

function v1Query<K extends V1Name>(name: K) {
  return livenessProcedure
    .input(V1_ENDPOINTS[name].params)
    .query(({ ctx, input }) => v1Answer(ctx.deps.website, name, input as V1Params<K>));
}

/** One procedure per row of V1_ENDPOINTS, each typed by its own row. */
type V1Router = { [K in V1Name]: ReturnType<typeof v1Query<K>> };

const V1_NAMES = Object.keys(V1_ENDPOINTS) as V1Name[];

// Object.fromEntries loses the per-name types; the mapped type above restores them, and every
// entry is v1Query(name) for its own name.
export const v1Router = Object.fromEntries(
  V1_NAMES.map((name) => [name, v1Query(name)]),
) as V1Router satisfies TRPCRouterRecord;
