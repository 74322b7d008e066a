// Binds each provider descriptor to this client: its endpoint from the environment, its
// network policy and a runtime created on first use.
import type { Chain } from './chains.js';
import type { DataEnv } from './config/env-vars.js';
import type { Redactor } from './errors/redact.js';
import { LIMITS } from './limits.js';
import type { GuardedFetcher } from './net/guarded-fetch.js';
import { netPolicy } from './net/net-policy.js';
import { processThrottles, type ThrottleRegistry } from './net/throttle.js';
import type { ProviderDescriptor, ProviderKind, ProviderRuntime } from './providers/provider-types.js';
import { notify, type DataObserver } from './routing/observer.js';
import type { ProviderSlot } from './routing/route.js';

export interface SlotOptions {
  env: DataEnv;
  chain: Chain;
  fetcher: GuardedFetcher;
  redact: Redactor;
  /** Test hook: shorter time-outs than the Limits table. */
  timeoutMs?: Partial<Record<ProviderKind, number>> | undefined;
  /** The request budgets; default the process-wide ones (tests pass their own). */
  throttles?: ThrottleRegistry | undefined;
  /** Told of each wait for a request budget (routing/observer.ts). */
  observer?: DataObserver | undefined;
}

export function createSlots(
  descriptors: readonly ProviderDescriptor[],
  options: SlotOptions,
): ProviderSlot[] {
  const allowPrivate = options.env.PKG_NET_ALLOW_PRIVATE === '1';
  return descriptors.map((descriptor) => {
    const configured = descriptor.configure(options.env);
    const endpoint = 'unconfigured' in configured ? undefined : configured;
    const policy = netPolicy({
      provider: descriptor.id,
      defaultUrls: descriptor.defaultUrls,
      configuredUrls: descriptor.configuredUrls(options.env),
      allowPrivate,
      timeoutMs: options.timeoutMs?.[descriptor.kind] ?? descriptor.timeoutMs,
      maxBytes: LIMITS.responseBytes,
    });
    const { throttlePerMinute } = descriptor;
    const registry = options.throttles ?? processThrottles;
    const throttle = descriptor.throttle
      ? registry(descriptor.id, descriptor.throttle.requests, descriptor.throttle.windowMs)
      : throttlePerMinute
        ? registry(descriptor.id, throttlePerMinute)
        : undefined;
    let runtime: Promise<ProviderRuntime> | undefined;
    return {
      descriptor,
      endpoint,
      unconfigured: 'unconfigured' in configured ? configured.unconfigured : undefined,
      runtime: () => {
        if (!endpoint) return Promise.reject(new Error(`${descriptor.id} is not configured`));
        runtime ??= descriptor.load().then((factory) =>
          factory(endpoint, {
            fetch: async (request) => {
              const waited = (await throttle?.admit(policy.timeoutMs)) ?? 0;
              if (waited > 0) notify(options.observer, 'throttleWait', descriptor.id, waited / 1000);
              return options.fetcher.fetch({ ...request, policy, redact: options.redact });
            },
            policy,
            redact: options.redact,
            chainId: options.chain.chainId,
          }),
        );
        return runtime;
      },
    };
  });
}
