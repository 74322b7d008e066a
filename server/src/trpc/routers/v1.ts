// The public read-only API's procedures (docs/public-api.md): the SPA calls them over /trpc, the
// REST adapters of rest/v1.ts over /v1. Every procedure is built from its row of V1_ENDPOINTS
// (@pkg/shared): its parameters are validated by the row's schema, and its answer comes from
// services/website/v1-answer.ts (built, checked and kept in the answer cache). The procedure
// returns the kept object itself, so that the REST adapter serializes it once. No database.
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

export const v1Router = {
  contract: v1Query('contract'),
  token: v1Query('token'),
  tokenLive: v1Query('tokenLive'),
  tokenCandles: v1Query('tokenCandles'),
  pool: v1Query('pool'),
  chain: v1Query('chain'),
  screener: v1Query('screener'),
  wallet: v1Query('wallet'),
  stocks: v1Query('stocks'),
  filings: v1Query('filings'),
  odds: v1Query('odds'),
} satisfies TRPCRouterRecord;
