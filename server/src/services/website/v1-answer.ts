// One answer of the public read-only API (docs/public-api.md), by endpoint name: built by its
// website service, checked once against its row's answer schema, and kept in the per-endpoint
// answer cache for the row's TTL (single flight; an answer with a failed panel is shared with the
// requests that waited for it, never kept). The /v1 procedures and the Ask agent's tools read
// answers through here, so a question never costs more upstream calls than a page view.
import { V1_ENDPOINTS, type V1Answer, type V1Name, type V1Params } from '@pkg/shared';
import { hasFailedSection } from '../../cache/v1-answers.js';
import { chainOverview } from './chain-overview.js';
import { contractFacts } from './contract-facts.js';
import { filingsAnswer } from './filings-answer.js';
import { oddsAnswer } from './odds-answer.js';
import { poolCard } from './pool-card.js';
import { screener } from './screener.js';
import { stocksAnswer } from './stocks-answer.js';
import { tokenCandles } from './token-candles.js';
import { tokenLive } from './token-live.js';
import { tokenSummary } from './token.js';
import { walletAnswer } from './wallet.js';
import type { WebsiteDeps } from './website-deps.js';

/**
 * A builder per row of V1_ENDPOINTS, typed by its row: a row without a builder, or a builder
 * without a row, does not compile.
 */
type Builders = { [K in V1Name]: (deps: WebsiteDeps, params: V1Params<K>) => Promise<V1Answer<K>> };

/** The one place an endpoint's name is mapped to the service that builds its answer. */
const BUILDERS: Builders = {
  contract: (deps, p) => contractFacts(deps.data, p.address.toLowerCase()),
  token: (deps) => tokenSummary(deps),
  tokenLive: (deps) => tokenLive(deps),
  tokenCandles: (deps, p) => tokenCandles(deps, p),
  pool: (deps, p) => poolCard(deps, p),
  chain: (deps) => chainOverview(deps),
  screener: (deps, p) => screener(deps, p),
  wallet: (deps, p) => walletAnswer(deps, p.address.toLowerCase()),
  stocks: (deps) => stocksAnswer(deps),
  filings: (deps, p) => filingsAnswer(deps, p.symbol),
  odds: (deps) => oddsAnswer(deps),
};

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

/** The answer of one endpoint for already validated parameters (the kept object itself). */
export async function v1Answer<K extends V1Name>(
  deps: WebsiteDeps,
  name: K,
  params: V1Params<K>,
): Promise<V1Answer<K>> {
  const endpoint = V1_ENDPOINTS[name];
  const build: Builders[K] = BUILDERS[name];
  const answer = await deps.v1Answers.answer(v1AnswerKey(name, params), async () => {
    const value = endpoint.answer.parse(await build(deps, params));
    return { value, ttlMs: endpoint.ttlMs, keep: !hasFailedSection(value) };
  });
  return answer.value as V1Answer<K>;
}
