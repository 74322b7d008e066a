// What a data client is built on: the environment, the provider slots behind the guarded fetch,
// the router's state, cache and flights, and the capabilities by name (the table's and the
// caller's extra ones).
import { CAPABILITIES } from '../capabilities/index.js';
import type { CapabilityDefinition } from '../capabilities/define-capability.js';
import { CHAINS, DEFAULT_CHAIN } from '../chains.js';
import { loadDataEnv } from '../config/load-data-env.js';
import { redactorFor } from '../config/secrets.js';
import { createSlots } from '../create-slots.js';
import { createGuardedFetch } from '../net/guarded-fetch.js';
import { PROVIDERS } from '../providers/provider-table.js';
import type { Result } from '../../contract/result-schema.js';
import { createResultCache } from '../routing/cache.js';
import { systemClock } from '../routing/clock.js';
import { createProviderStates } from '../routing/provider-states.js';
import type { RouterDeps } from '../routing/route.js';
import type { DataClientOptions } from './client-options.js';

const BY_NAME = new Map<string, CapabilityDefinition>(Object.values(CAPABILITIES).map((c) => [c.name, c]));

export function createClientCore(options: DataClientOptions) {
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
    observer: options.observer,
  });
  const states = createProviderStates(clock);
  const cache = options.cache ?? createResultCache({ clock });
  const flights = new Map<string, Promise<Result>>();
  const deps: RouterDeps = {
    slots,
    states,
    cache,
    flights,
    clock,
    chain,
    redact,
    observer: options.observer,
  };
  const byName = new Map(BY_NAME);
  for (const extra of options.capabilities ?? []) byName.set(extra.name, extra);
  return { env, clock, chain, redact, fetcher, slots, states, deps, byName };
}

export type ClientCore = ReturnType<typeof createClientCore>;
