// What createDataClient() takes (client.ts), and the `fresh` flag every operation accepts.
import type { CapabilityDefinition } from '../capabilities/define-capability.js';
import type { DataEnv } from '../config/env-vars.js';
import type { LoadDataEnvOptions } from '../config/load-data-env.js';
import type { Resolver } from '../net/guarded-fetch.js';
import type { ThrottleRegistry } from '../net/throttle.js';
import type { ProviderDescriptor, ProviderKind } from '../providers/provider-types.js';
import type { ResultCache } from '../routing/cache.js';
import type { Clock } from '../routing/clock.js';
import type { DataObserver } from '../routing/observer.js';

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
  /** Told of cache lookups, provider calls and budget waits: the host's metrics (routing/observer.ts). */
  observer?: DataObserver;
}

export interface FreshOption {
  fresh?: boolean | undefined;
}
