// createDataClient(): the SDK. Reads the fixed environment, builds the provider slots, the
// router's state and the cache, and binds every capability as a grouped operation
// (`chain.info`, `onchain.balance`, `tokens.metadata`, `explorer.contract`, `market.pair`,
// `security.token`, `wallet.portfolio`, `stocks.quote`, `inspect.wallet` ...).
// Operations never throw: every answer is an envelope.
import type { z } from 'zod';
import { CAPABILITIES } from './capabilities/index.js';
import type { CapabilityDefinition } from './capabilities/define-capability.js';
import { inspectContract } from './capabilities/inspect-contract.js';
import { inspectToken } from './capabilities/inspect-token.js';
import { inspectTransaction } from './capabilities/inspect-transaction.js';
import { inspectWallet } from './capabilities/inspect-wallet.js';
import { CHAINS, DEFAULT_CHAIN } from './chains.js';
import type { DataEnv } from './config/env-vars.js';
import { loadDataEnv, type LoadDataEnvOptions } from './config/load-data-env.js';
import { redactorFor } from './config/secrets.js';
import { createSlots } from './create-slots.js';
import { createGuardedFetch, type Resolver } from './net/guarded-fetch.js';
import type { ThrottleRegistry } from './net/throttle.js';
import { checkProviders, listProviders } from './providers/provider-health.js';
import type { ProviderDescriptor, ProviderKind } from './providers/provider-types.js';
import { PROVIDERS } from './providers/provider-table.js';
import { errorResult } from './result.js';
import type { CompositeResult, Result } from '../contract/result-schema.js';
import { createResultCache, type ResultCache } from './routing/cache.js';
import { systemClock, type Clock } from './routing/clock.js';
import { createProviderStates } from './routing/provider-states.js';
import { route, routeTarget } from './routing/route.js';
import { marketQuotes } from './market/quotes.js';
import { priceBySymbol } from './market/price-by-symbol.js';
import { rankMarket } from './market/rank-market.js';
import { DEFAULT_MIN_LIQUIDITY_USD, RANKINGS, type Ranking } from './market/rankings.js';
import { runWalletCapability } from './wallet/untrackable.js';
import { generate, models } from './ai/generate.js';
import { chainlinkLatest } from './sources/chainlink-latest.js';
import type { AiGenerateRequest } from './ai/ai-request.js';
import type { FailureKind } from './errors/data-errors.js';

export interface DataClientOptions {
  /** The variables to use; default: loadDataEnv(loadEnv). */
  env?: DataEnv;
  loadEnv?: LoadDataEnvOptions;
  clock?: Clock;
  /** DNS resolution for the guarded fetch (tests resolve names without DNS). */
  resolve?: Resolver;
  providers?: readonly ProviderDescriptor[];
  cache?: ResultCache;
  /** Test hook: shorter time-outs than the Limits table. */
  timeoutMs?: Partial<Record<ProviderKind, number>>;
  /** Request budgets; default the process-wide ones (net/throttle.ts). */
  throttles?: ThrottleRegistry;
  /** Capabilities beyond the table's (a provider's own before it joins the table), run by name. */
  capabilities?: readonly CapabilityDefinition[];
}

export interface FreshOption {
  fresh?: boolean | undefined;
}

type Operation<P extends z.ZodObject> = (params: z.input<P> & FreshOption) => Promise<Result>;

const BY_NAME = new Map<string, CapabilityDefinition>(Object.values(CAPABILITIES).map((c) => [c.name, c]));

export function createDataClient(options: DataClientOptions = {}) {
  const env = options.env ?? loadDataEnv(options.loadEnv).values;
  const clock = options.clock ?? systemClock;
  const chain = CHAINS[DEFAULT_CHAIN];
  const redact = redactorFor(env);
  const fetcher = createGuardedFetch(options.resolve ? { resolve: options.resolve } : {});
  const slots = createSlots(options.providers ?? PROVIDERS, {
    env,
    chain,
    fetcher,
    redact,
    timeoutMs: options.timeoutMs,
    throttles: options.throttles,
  });
  const states = createProviderStates(clock);
  const cache = options.cache ?? createResultCache({ clock });
  const flights = new Map<string, Promise<Result>>();
  const deps = { slots, states, cache, flights, clock, chain, redact };

  const byName = new Map(BY_NAME);
  for (const extra of options.capabilities ?? []) byName.set(extra.name, extra);

  async function run(
    name: string,
    input: Record<string, unknown> = {},
    routeOptions: { provider?: string; onFailure?: (provider: string, kind: FailureKind) => void } = {},
  ): Promise<Result> {
    const capability = byName.get(name);
    if (!capability) return errorResult('INVALID_INPUT', `unknown capability ${name}`, []);
    const { fresh, ...rest } = input;
    const parsed = capability.params.safeParse(rest);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`);
      return errorResult('INVALID_INPUT', redact(issues.join('; ')), [], name);
    }
    const params: Record<string, unknown> = parsed.data;
    // AI routing is explicit (ai/generate.ts); it comes back here pinned to one provider.
    if (capability.group === 'ai' && routeOptions.provider === undefined)
      return name === 'ai.generate'
        ? generate(run, params as AiGenerateRequest, env)
        : models(run, { provider: params.provider as string | undefined, fresh: fresh === true }, env);
    // A `provider` parameter pins one provider with no fallback.
    const pin = routeOptions.provider ?? (typeof params.provider === 'string' ? params.provider : undefined);
    const proceed = () =>
      route(deps, capability, params, { fresh: fresh === true, ...routeOptions, provider: pin });
    if (capability.group !== 'wallet') return proceed();
    return runWalletCapability(name, parsed.data, {
      run: (n, p) => run(n, { ...p, fresh }),
      proceed,
      network: chain.key,
      now: () => clock.now(),
    });
  }

  /** The providers declaring a capability for these parameters' scope, in routing order. */
  function offering(name: string, params: Record<string, unknown>): string[] {
    const capability = byName.get(name);
    if (!capability) return [];
    const parsed = capability.params.safeParse(params);
    const target = routeTarget(capability, parsed.success ? parsed.data : params, chain);
    return slots
      .filter((s) => s.descriptor.capabilities[target.declaredUnder]?.includes(name))
      .map((s) => s.descriptor.id);
  }

  const op =
    <P extends z.ZodObject>(capability: CapabilityDefinition<P>): Operation<P> =>
    (params) =>
      run(capability.name, params);
  const freshOnly =
    (name: string) =>
    (params: FreshOption & Record<string, unknown> = {}) =>
      run(name, params);
  const composite =
    <A extends Record<string, string>>(fn: (r: typeof run, p: A) => Promise<CompositeResult>) =>
    (params: A & FreshOption) =>
      fn((name, p) => run(name, { ...p, fresh: params.fresh }), params);
  const c = CAPABILITIES;

  return {
    chain: { info: freshOnly(c.chainInfo.name) },
    onchain: {
      block: op(c.getBlock),
      transaction: op(c.getTransaction),
      receipt: op(c.getReceipt),
      balance: op(c.getBalance),
      nonce: op(c.getNonce),
      code: op(c.getCode),
      call: op(c.callContract),
      logs: op(c.queryLogs),
      trace: op(c.traceTransaction),
    },
    tokens: {
      balances: op(c.getTokenBalances),
      metadata: op(c.getTokenMetadata),
      transfers: op(c.getAssetTransfers),
    },
    explorer: {
      transaction: op(c.getIndexedTransaction),
      address: op(c.getIndexedAddress),
      transactions: op(c.getAddressTransactions),
      counters: op(c.getAddressCounters),
      holders: op(c.getTokenHolders),
      tokenTransfers: op(c.getTokenTransfers),
      contract: op(c.getVerifiedContract),
    },
    market: {
      search: op(c.marketSearch),
      token: op(c.getMarketToken),
      tokenPairs: op(c.getTokenPairs),
      /** The pools of up to 30 tokens in one request. */
      pairsOfTokens: op(c.getPairsOfTokens),
      pair: op(c.getPair),
      tokenPrice: op(c.getMarketTokenPrice),
      ohlcv: op(c.getOhlcv),
      trades: op(c.getTrades),
      trendingPools: op(c.getTrendingPools),
      newPools: op(c.getNewPools),
      pools: op(c.getTopPools),
      networks: op(c.getMarketNetworks),
      dexes: op(c.getDexes),
      global: freshOnly(c.getGlobalMarket.name),
      ohlcHistory: op(c.getOhlcHistory),
      /** A USD price by symbol on the supported chain: ETH, an issuer stock symbol, or an unambiguous search hit. */
      price: (params: { symbol: string } & FreshOption) =>
        priceBySymbol((n, p, o) => run(n, { ...p, fresh: params.fresh }, o), params, {
          network: chain.key,
          chainId: chain.chainId,
          now: () => clock.now(),
        }),
      /** One section per provider that prices the token; no consensus value. */
      quotes: (params: { network?: string; address: string } & FreshOption) =>
        marketQuotes((n, p, o) => run(n, { ...p, fresh: params.fresh }, o), offering, params),
      /** A ranking of a network's pools computed from the providers' per-pool fields. */
      rankings: (params: {
        ranking: Ranking;
        network?: string;
        limit?: number;
        minLiquidityUsd?: number;
        fresh?: boolean;
      }) => {
        if (!RANKINGS.includes(params.ranking))
          return Promise.resolve(
            errorResult(
              'INVALID_INPUT',
              `ranking must be one of ${RANKINGS.join(', ')}`,
              [],
              'market.rankings',
            ),
          );
        return rankMarket(run, {
          ranking: params.ranking,
          network: params.network ?? chain.key,
          limit: params.limit ?? 20,
          minLiquidityUsd: params.minLiquidityUsd ?? DEFAULT_MIN_LIQUIDITY_USD,
          fresh: params.fresh,
        });
      },
    },
    security: {
      token: op(c.getTokenSecurity),
      address: op(c.getAddressSecurity),
      approvals: op(c.getApprovalSecurity),
    },
    wallet: {
      portfolio: op(c.getWalletPortfolio),
      positions: op(c.getWalletPositions),
      transactions: op(c.getWalletTransactions),
    },
    stocks: {
      list: freshOnly(c.getStockTokens.name),
      quote: op(c.getStockQuote),
    },
    ai: {
      /** A completion; `data.routing` names the provider and model that served it. */
      generate: op(c.aiGenerate),
      /** The models of the requested (else the default) AI provider, optionally filtered by a text. */
      models: (params: { provider?: string; search?: string } & FreshOption = {}) => models(run, params, env),
    },
    web: {
      search: op(c.webSearch),
      extract: op(c.webExtract),
      map: op(c.webMap),
      similar: op(c.webSimilar),
      answer: op(c.webAnswer),
    },
    github: {
      repo: op(c.githubRepo),
      searchRepos: op(c.githubSearchRepos),
      contents: op(c.githubContents),
      tree: op(c.githubTree),
      commits: op(c.githubCommits),
      branches: op(c.githubBranches),
      releases: op(c.githubReleases),
      release: op(c.githubRelease),
      issues: op(c.githubIssues),
      pulls: op(c.githubPulls),
      user: op(c.githubUser),
      searchCode: op(c.githubSearchCode),
      raw: op(c.githubRaw),
    },
    subgraph: { query: op(c.subgraphQuery) },
    /** The regulator's filings (SEC EDGAR): ticker to CIK, a filer's recent filings. */
    filings: { cik: op(c.filingsCik), submissions: op(c.filingsSubmissions) },
    /** US equities (Finnhub): quote, profile, company news, earnings calendar. */
    equities: {
      quote: op(c.equitiesQuote),
      profile: op(c.equitiesProfile),
      news: op(c.equitiesNews),
      earnings: op(c.equitiesEarnings),
    },
    /** US macro series (FRED). */
    macro: { series: op(c.macroSeries) },
    /** DeFi on the chain (DefiLlama): TVL, protocols, DEX volume, fees, stablecoins, yields. */
    defi: {
      chainTvl: freshOnly(c.getDefiChainTvl.name),
      protocols: op(c.getDefiProtocols),
      dexVolume: freshOnly(c.getDefiDexVolume.name),
      fees: freshOnly(c.getDefiFees.name),
      stablecoins: freshOnly(c.getDefiStablecoins.name),
      yields: op(c.getDefiYields),
    },
    /** Prediction markets (Polymarket): open events by tag or search, prices as probabilities. */
    odds: { events: op(c.oddsEvents) },
    /** Perpetuals and spot with their live context (Hyperliquid). */
    perps: { markets: op(c.perpsMarkets), spot: op(c.perpsSpot) },
    /** The crypto fear-and-greed index (alternative.me). */
    sentiment: { fearGreed: op(c.sentimentFearGreed) },
    /** Tokens of the chain ranked by the ranking provider (Codex filterTokens). */
    rankings: { tokens: op(c.rankingsTokens) },
    /** Chainlink: the feed catalog of the chain, and a feed's latest round read on chain. */
    feeds: {
      list: freshOnly(c.feedsList.name),
      latest: (params: { address?: string; feed?: string; maxAgeS?: number } & FreshOption) =>
        chainlinkLatest(
          (n, p, o) => run(n, { ...p, fresh: params.fresh }, o),
          { ...params },
          () => clock.now(),
        ),
    },
    inspect: {
      transaction: composite<{ hash: string }>(inspectTransaction),
      wallet: composite<{ address: string }>(inspectWallet),
      token: composite<{ token: string }>(inspectToken),
      contract: composite<{ address: string }>(inspectContract),
    },
    providers: {
      list: () => listProviders(slots, states, chain),
      health: () => checkProviders({ slots, states, chain, clock, redact }),
    },
    /** Runs a capability by name (the tool server uses it). */
    run,
    capabilities: Object.values(CAPABILITIES) as CapabilityDefinition[],
    redact,
    close: () => fetcher.close(),
  };
}

export type DataClient = ReturnType<typeof createDataClient>;
