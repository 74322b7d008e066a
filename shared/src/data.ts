// @pkg/shared/data: the data-provider SDK (Node only: providers, the capability router, the
// guarded fetch, the caches). The envelope schemas, isLive and NO_DATA_REASON it re-exports live
// in the browser-safe contract (@pkg/shared/contract), which the SPA imports instead of this.
export {
  createDataClient,
  type DataClient,
  type DataClientOptions,
  type FreshOption,
} from './data/client.js';
export { createDataMcpServer } from './data/mcp/create-data-mcp-server.js';
export { isLive } from './contract/is-live.js';
export { NO_DATA_REASON } from './contract/no-data.js';
export * from './contract/result-schema.js';
export { CHAINS, DEFAULT_CHAIN, type Chain, type ChainKey } from './data/chains.js';
export { DATA_ENV_VARS, type DataEnv, type DataEnvName, type EnvVarSpec } from './data/config/env-vars.js';
export { loadDataEnv, userConfigDir, type LoadDataEnvOptions } from './data/config/load-data-env.js';
export { createRedactor, type Redactor } from './data/errors/redact.js';
export { BaseError } from './data/errors/base-error.js';
export * from './data/errors/data-errors.js';
export { createGuardedFetch, checkUrl, type Resolver } from './data/net/guarded-fetch.js';
export { netPolicy, type NetPolicy } from './data/net/net-policy.js';
export { createResultCache, CACHE_MAX_ENTRIES, type ResultCache } from './data/routing/cache.js';
export type { Clock } from './data/routing/clock.js';
export type { DataObserver, ProviderCallOutcome } from './data/routing/observer.js';
export { COOL_DOWN_MS, FAILURES_BEFORE_COOL_DOWN } from './data/routing/provider-states.js';
export { PROVIDERS } from './data/providers/provider-table.js';
export type { ProviderListing } from './data/providers/provider-health.js';
export { TTL_MS } from './data/capabilities/define-capability.js';
export {
  createThrottle,
  createThrottleRegistry,
  type Throttle,
  type ThrottleRegistry,
} from './data/net/throttle.js';
export type * from './data/market/market-types.js';
export type * from './data/ai/ai-types.js';
export type { AiGenerateRequest, AiMessage, AiTool } from './data/ai/ai-request.js';
export type * from './data/web/web-types.js';
export type * from './data/github/github-types.js';
export { FORM_8K_ITEMS, form8kItem, form8kLabel, type Form8kItem } from './data/sources/sec-8k-items.js';
export type * from './data/sources/sec-edgar-types.js';
export * from './data/project-token/index.js';
