// The capability router (docs/data-layer.md, "Providers and routing order"): serves from the cache
// unless `fresh`, picks the providers declaring the capability for its scope (the chain, a market
// network, or global; one provider when the request pins it), skips the unconfigured, withheld,
// auth_failed, chain-mismatched, unsupported and cooling-down ones, and tries the rest in order,
// logging every attempt for `fallbackFrom`. Single flight: while a cacheable request is in flight,
// identical ones (same cache key) join it and get its envelope (docs/data-layer.md, "Cache").
import { randomUUID } from 'node:crypto';
import type { CapabilityDefinition } from '../capabilities/define-capability.js';
import { TTL_MS } from '../capabilities/define-capability.js';
import type { Chain } from '../chains.js';
import { ChainMismatchError, findProviderError, type FailureKind } from '../errors/data-errors.js';
import type { Redactor } from '../errors/redact.js';
import type {
  CapabilityScopeKey,
  ProviderDescriptor,
  ProviderEndpoint,
  ProviderRuntime,
} from '../providers/provider-types.js';
import { describeFailure, errorResult, liveResult, toResult, unavailableResult } from '../result.js';
import type { LiveResult, ProviderAttempt, Result } from '../../contract/result-schema.js';
import type { ResultCache } from './cache.js';
import type { Clock } from './clock.js';
import { notify, type DataObserver, type ProviderCallOutcome } from './observer.js';
import type { ProviderStates } from './provider-states.js';
import { withRetry } from './retry-policy.js';
import { NO_DATA_REASON } from '../../contract/no-data.js';

export interface ProviderSlot {
  descriptor: ProviderDescriptor;
  endpoint: ProviderEndpoint | undefined;
  unconfigured: string | undefined;
  runtime: () => Promise<ProviderRuntime>;
}

export interface RouterDeps {
  slots: readonly ProviderSlot[];
  states: ProviderStates;
  cache: ResultCache;
  /** The cacheable requests in flight, by cache key; each removed when it settles. */
  flights: Map<string, Promise<Result>>;
  clock: Clock;
  chain: Chain;
  redact: Redactor;
  /** Told of cache lookups and provider calls (routing/observer.ts). */
  observer?: DataObserver | undefined;
}

const FINAL: ReadonlySet<FailureKind> = new Set(['not_found', 'refused', 'invalid_input']);

export interface RouteOptions {
  fresh?: boolean | undefined;
  /** Ask only this provider, with no fallback (market quotes, a `provider` parameter). */
  provider?: string | undefined;
  /** Told of every provider failure with its kind (explicit AI fallback decides on it). */
  onFailure?: ((provider: string, kind: FailureKind) => void) | undefined;
}

/** What a request is about: the network shown in provenance and which declarations apply. */
export interface RouteTarget {
  network: string;
  chainId: number | undefined;
  declaredUnder: CapabilityScopeKey;
}

export function routeTarget(
  capability: CapabilityDefinition,
  params: Record<string, unknown>,
  chain: Chain,
): RouteTarget {
  const scope = capability.scope ?? 'chain';
  if (scope === 'global') return { network: 'global', chainId: undefined, declaredUnder: 'global' };
  // A market request without a network (a search across chains) is about every network.
  if (scope === 'market' && params.network === undefined)
    return { network: 'any', chainId: undefined, declaredUnder: 'anyNetwork' };
  const network = scope === 'market' && typeof params.network === 'string' ? params.network : chain.key;
  return network === chain.key
    ? { network, chainId: chain.chainId, declaredUnder: chain.key }
    : { network, chainId: undefined, declaredUnder: 'anyNetwork' };
}

/** A capability's own order (the web routing table) over the provider table's; unlisted providers drop out. */
function inRoutingOrder(slots: ProviderSlot[], order: readonly string[] | undefined): ProviderSlot[] {
  if (!order) return slots;
  return slots
    .filter((s) => order.includes(s.descriptor.id))
    .sort((a, b) => order.indexOf(a.descriptor.id) - order.indexOf(b.descriptor.id));
}

export function cacheKey(capability: string, chain: string, params: Record<string, unknown>): string {
  const keys = Object.keys(params).sort();
  const parts = keys.filter((k) => params[k] !== undefined).map((k) => `${k}=${JSON.stringify(params[k])}`);
  return `${chain}:${capability}?${parts.join('&')}`;
}

async function attempt(
  deps: RouterDeps,
  slot: ProviderSlot,
  capability: string,
  params: Record<string, unknown>,
) {
  const runtime = await slot.runtime();
  const { id } = slot.descriptor;
  const chainId = runtime.chainId;
  if (slot.descriptor.verifiesChainId && chainId) {
    await deps.states.checkChainOnce(id, async () => {
      const reported = await chainId();
      if (reported !== deps.chain.chainId)
        throw new ChainMismatchError(`reported chain id ${reported}, expected ${deps.chain.chainId}`, {
          provider: id,
        });
    });
  }
  const handler = runtime.handlers[capability];
  if (!handler) throw new Error(`${id} declares ${capability} but has no handler`);
  return withRetry(() => handler(params), slot.descriptor.retry);
}

/**
 * Serves from the cache, else from the flight in progress for the same key, else asks upstream.
 * Only cacheable requests share a flight: a capability with a TTL, not `fresh` (it wants an upstream
 * request sent after it asked: it neither joins a flight nor can be joined), and no `onFailure`
 * (a joiner would not hear of the failures). Joiners get the leader's envelope as it is: LIVE when
 * it was served (fetched while they waited), an error when it failed (never cached).
 */
export async function route(
  deps: RouterDeps,
  capability: CapabilityDefinition,
  params: Record<string, unknown>,
  options: RouteOptions = {},
): Promise<Result> {
  const target = routeTarget(capability, params, deps.chain);
  const pin = options.provider;
  const key = `${cacheKey(capability.name, target.network, params)}${pin ? `@${pin}` : ''}`;
  const ttlMs = TTL_MS[capability.ttl];
  const cacheable = !options.fresh && ttlMs > 0;
  if (cacheable) {
    const hit = deps.cache.get(key);
    notify(deps.observer, 'cacheLookup', hit !== undefined);
    if (hit) {
      notify(deps.observer, 'providerCall', hit.provenance.source, 'cached');
      return hit;
    }
  }
  if (!cacheable || options.onFailure)
    return routeUpstream(deps, capability, params, options, { target, key, ttlMs });
  const inFlight = deps.flights.get(key);
  if (inFlight) return inFlight;
  const flight = routeUpstream(deps, capability, params, options, { target, key, ttlMs }).finally(() => {
    if (deps.flights.get(key) === flight) deps.flights.delete(key);
  });
  deps.flights.set(key, flight);
  return flight;
}

/** The providers declaring the capability (or the pinned one), in routing order, sorted out. */
function selectProviders(
  deps: RouterDeps,
  capability: CapabilityDefinition,
  target: RouteTarget,
  pin: string | undefined,
) {
  const declared = inRoutingOrder(
    deps.slots.filter(
      (s) =>
        s.descriptor.capabilities[target.declaredUnder]?.includes(capability.name) &&
        (pin === undefined || s.descriptor.id === pin),
    ),
    capability.order,
  );
  const skipped: ProviderAttempt[] = [];
  /** Providers that do not offer the capability with this configuration: a served answer names them. */
  const withheld: ProviderAttempt[] = [];
  const candidates: ProviderSlot[] = [];
  for (const slot of declared) {
    const missing = slot.endpoint?.withheld?.[capability.name];
    if (missing) withheld.push({ provider: slot.descriptor.id, error: `not offered: ${missing}` });
    const reason =
      slot.unconfigured ?? missing ?? deps.states.skipReason(slot.descriptor.id, capability.name);
    if (reason)
      skipped.push({ provider: slot.descriptor.id, error: missing ? `not offered: ${missing}` : reason });
    else candidates.push(slot);
  }
  return { declared, skipped, withheld, candidates };
}

/** A provider's answer as a LIVE envelope, kept in the cache when the capability has a TTL. */
function served(
  deps: RouterDeps,
  id: string,
  answer: Awaited<ReturnType<typeof attempt>>,
  { target, key, ttlMs }: { target: RouteTarget; key: string; ttlMs: number },
  fallbackFrom: ProviderAttempt[],
): LiveResult {
  const fetchedAt = deps.clock.now();
  const result: LiveResult = liveResult(answer.data, {
    source: id,
    chain: target.network,
    ...(target.chainId !== undefined ? { chainId: target.chainId } : {}),
    fetchedAt: new Date(fetchedAt).toISOString(),
    fresh: true,
    ...(answer.blockNumber !== undefined ? { blockNumber: answer.blockNumber } : {}),
    ...(answer.blockHash !== undefined ? { blockHash: answer.blockHash } : {}),
    requestId: randomUUID(),
    ...(fallbackFrom.length > 0 ? { fallbackFrom } : {}),
    ...(ttlMs > 0 ? { expiresAt: new Date(fetchedAt + ttlMs).toISOString() } : {}),
    ...(answer.rateLimit ? { rateLimit: answer.rateLimit } : {}),
  });
  if (ttlMs > 0) deps.cache.set(key, result, ttlMs);
  return result;
}

/** A failed call as the observer's outcome (routing/observer.ts). */
function callOutcome(kind: FailureKind): ProviderCallOutcome {
  if (kind === 'rate_limited') return 'rate_limited';
  return kind === 'no_data' || kind === 'unsupported' ? 'unavailable' : 'error';
}

/** What a failure of this kind does to the provider's state. */
function recordFailure(
  states: ProviderStates,
  id: string,
  kind: FailureKind,
  capability: string,
  error: string,
) {
  if (kind === 'auth_failed') states.markAuthFailed(id, error);
  else if (kind === 'chain_mismatch') states.markChainMismatch(id, error);
  else if (kind === 'unsupported') states.markUnsupported(id, capability);
  else if (kind === 'failure' || kind === 'rate_limited') states.recordFailure(id);
}

/** Every candidate failed: UNAVAILABLE when none had data or each refused the method, else the error. */
function allFailed(
  deps: RouterDeps,
  capability: string,
  target: RouteTarget,
  tried: { asked: string; order: string[]; skipped: ProviderAttempt[]; withheld: ProviderAttempt[] },
  attempts: ProviderAttempt[],
  kinds: FailureKind[],
): Result {
  const { asked, order, skipped, withheld } = tried;
  if (kinds.every((k) => k === 'no_data' || k === 'unsupported')) {
    return unavailableResult({
      capability,
      provider: asked,
      network: target.network,
      now: deps.clock.now(),
      reason: kinds.every((k) => k === 'no_data') ? NO_DATA_REASON : 'every provider refused the method',
      answers: [...skipped, ...attempts].sort(
        (a, b) => order.indexOf(a.provider) - order.indexOf(b.provider),
      ),
    });
  }
  const code = kinds.every((k) => k === 'rate_limited')
    ? 'RATE_LIMITED'
    : kinds.every((k) => k === 'chain_mismatch')
      ? 'CHAIN_MISMATCH'
      : 'ALL_PROVIDERS_FAILED';
  return errorResult(code, `${capability}: every provider failed`, [...withheld, ...attempts], capability);
}

async function routeUpstream(
  deps: RouterDeps,
  capability: CapabilityDefinition,
  params: Record<string, unknown>,
  options: RouteOptions,
  request: { target: RouteTarget; key: string; ttlMs: number },
): Promise<Result> {
  const { states, clock, redact } = deps;
  const { target } = request;
  const pin = options.provider;
  const { declared, skipped, withheld, candidates } = selectProviders(deps, capability, target, pin);
  const order: string[] = declared.map((s) => s.descriptor.id);
  const asked = order.join(', ') || pin || 'none';
  if (candidates.length === 0) {
    notify(deps.observer, 'providerCall', 'none', 'unavailable');
    return unavailableResult({
      capability: capability.name,
      provider: asked,
      network: target.network,
      now: clock.now(),
      reason:
        declared.length === 0 && pin
          ? `${pin} does not offer ${capability.name} for ${target.network}`
          : `no configured provider offers ${capability.name} for ${target.network} now`,
      answers: skipped,
    });
  }
  const attempts: ProviderAttempt[] = [];
  const kinds: FailureKind[] = [];
  for (const slot of candidates) {
    const { id } = slot.descriptor;
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    try {
      const answer = await attempt(deps, slot, capability.name, params);
      notify(deps.observer, 'providerCall', id, 'live', took());
      states.recordSuccess(id);
      return served(deps, id, answer, request, [...withheld, ...attempts]);
    } catch (error) {
      const kind = findProviderError(error)?.kind ?? 'failure';
      notify(deps.observer, 'providerCall', id, callOutcome(kind), took());
      const record = { provider: id, error: describeFailure(error, redact) };
      options.onFailure?.(id, kind);
      if (FINAL.has(kind))
        return toResult(error, { redact, attempted: [...attempts, record], capability: capability.name });
      recordFailure(states, id, kind, capability.name, record.error);
      attempts.push(record);
      kinds.push(kind);
    }
  }
  return allFailed(deps, capability.name, target, { asked, order, skipped, withheld }, attempts, kinds);
}
