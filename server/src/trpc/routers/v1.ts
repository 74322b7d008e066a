// The public read-only API's procedures (docs/public-api.md): the SPA calls them over /trpc, the
// REST adapters of rest/v1.ts over /v1. Every procedure is built from its row of V1_ENDPOINTS
// (@pkg/shared): its parameters are validated by the row's schema; its answer is built by a
// website service, checked once against the row's answer schema, and kept in the per-endpoint
// answer cache for the row's TTL (single flight; an answer with a failed panel is shared with
// the requests that waited for it, never kept). The procedure returns the kept object itself, so
// that the REST adapter serializes it once. No database.
import type { TRPCRouterRecord } from '@trpc/server';
import { V1_ENDPOINTS, type V1Answer, type V1Name, type V1Params } from '@pkg/shared';
import { hasFailedSection, v1AnswersFor } from '../../cache/v1-answers.js';
import type { AppDeps } from '../../deps.js';
import { contractFacts } from '../../services/website/contract-facts.js';
import { filingsAnswer } from '../../services/website/filings-answer.js';
import { oddsAnswer } from '../../services/website/odds-answer.js';
import { stocksAnswer } from '../../services/website/stocks-answer.js';
import { tokenLive } from '../../services/website/token-live.js';
import { tokenCandles } from '../../services/website/token-candles.js';
import { poolCard } from '../../services/website/pool-card.js';
import { tokenSummary } from '../../services/website/token.js';
import { chainOverview } from '../../services/website/chain-overview.js';
import { screener } from '../../services/website/screener.js';
import { walletAnswer } from '../../services/website/wallet.js';
import { websiteDeps } from '../../services/website/website-deps.js';
import { livenessProcedure } from '../init.js';

/** The answer cache's key: the endpoint and its parameters (addresses and symbols in one case). */
export function v1AnswerKey(name: string, params: Record<string, unknown>): string {
  const parts = Object.keys(params)
    .sort()
    .map((k) => {
      const v = params[k];
      return `${k}=${typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v) ? v.toLowerCase() : JSON.stringify(v)}`;
    });
  return `${name}?${parts.join('&')}`;
}

function v1Query<K extends V1Name>(
  name: K,
  build: (deps: AppDeps, params: V1Params<K>) => Promise<V1Answer<K>>,
) {
  const endpoint = V1_ENDPOINTS[name];
  return livenessProcedure.input(endpoint.params).query(async ({ ctx, input }) => {
    const params = input as V1Params<K>;
    const answer = await v1AnswersFor(ctx.deps).answer(v1AnswerKey(name, params), async () => {
      const value = endpoint.answer.parse(await build(ctx.deps, params));
      return { value, ttlMs: endpoint.ttlMs, keep: !hasFailedSection(value) };
    });
    return answer.value as V1Answer<K>;
  });
}

export const v1Router = {
  contract: v1Query('contract', (deps, p) => contractFacts(deps.data, p.address.toLowerCase())),
  token: v1Query('token', (deps) => tokenSummary(websiteDeps(deps))),
  tokenLive: v1Query('tokenLive', (deps) => tokenLive(websiteDeps(deps))),
  tokenCandles: v1Query('tokenCandles', (deps, p) => tokenCandles(websiteDeps(deps), p)),
  pool: v1Query('pool', (deps, p) => poolCard(websiteDeps(deps), p)),
  chain: v1Query('chain', (deps) => chainOverview(websiteDeps(deps))),
  screener: v1Query('screener', (deps, p) => screener(websiteDeps(deps), p)),
  wallet: v1Query('wallet', (deps, p) => walletAnswer(websiteDeps(deps), p.address.toLowerCase())),
  stocks: v1Query('stocks', (deps) => stocksAnswer(websiteDeps(deps))),
  filings: v1Query('filings', (deps, p) => filingsAnswer(websiteDeps(deps), p.symbol)),
  odds: v1Query('odds', (deps) => oddsAnswer(websiteDeps(deps))),
} satisfies TRPCRouterRecord;
