// What a provider is to the router. The descriptor (light, always loaded) declares the
// capabilities per scope and reads its endpoint from the environment; the runtime (loaded on
// first use, so that a command loads only the providers it uses) answers capabilities.
import type { ChainKey } from '../chains.js';
import type { DataEnv } from '../config/env-vars.js';
import type { Redactor } from '../errors/redact.js';
import type { GuardedRequest, GuardedResponse } from '../net/guarded-fetch.js';
import type { NetPolicy } from '../net/net-policy.js';
import type { RetryPolicy } from '../routing/retry-policy.js';
import type { ProviderId } from '../../contract/provider-names.js';

export type { ProviderId };

export type ProviderKind =
  | 'rpc'
  | 'explorer'
  | 'market'
  | 'security'
  | 'wallet'
  | 'stocks'
  | 'ai'
  | 'web'
  | 'code'
  | 'subgraph'
  | 'source';

/**
 * Where a provider serves a capability: on a chain of CHAINS (by key), on `anyNetwork` (a
 * market network id of the provider's own, passed through unchanged), or `global` (no chain).
 */
export type CapabilityScopeKey = ChainKey | 'anyNetwork' | 'global';

export interface ProviderAnswer {
  data: unknown;
  /** Set when the value is pinned to a block (balances, nonce, code read at the head block). */
  blockNumber?: string | undefined;
  blockHash?: string | undefined;
  /** Code hosting: the upstream rate-limit headers, for `provenance.rateLimit`. */
  rateLimit?: Record<string, string> | undefined;
}

export type CapabilityHandler = (params: Record<string, unknown>) => Promise<ProviderAnswer>;

export interface ProviderRuntime {
  handlers: Readonly<Record<string, CapabilityHandler>>;
  /** eth_chainId, checked before first use by RPC providers. */
  chainId?: () => Promise<number>;
  /** A cheap live request for `pkg providers`. */
  health: () => Promise<Record<string, unknown>>;
}

export interface ProviderEndpoint {
  /** The real URL, key included: never shown. */
  url: string;
  /** The URL as shown: keys replaced by `{key}`. */
  display: string;
  /** Extra values to redact besides the environment's secrets (none today). */
  secrets: string[];
  /**
   * Capabilities the provider declares but does not offer with this configuration (a key it
   * needs is missing), each with the reason the router reports instead of asking it.
   */
  withheld?: Readonly<Record<string, string>> | undefined;
}

export interface ProviderContext {
  fetch: (request: Omit<GuardedRequest, 'policy' | 'redact'>) => Promise<GuardedResponse>;
  policy: NetPolicy;
  redact: Redactor;
  chainId: number;
}

export type ProviderFactory = (endpoint: ProviderEndpoint, context: ProviderContext) => ProviderRuntime;

export interface ProviderDescriptor {
  id: ProviderId;
  name: string;
  role: string;
  kind: ProviderKind;
  capabilities: Partial<Record<CapabilityScopeKey, readonly string[]>>;
  verifiesChainId: boolean;
  retry: RetryPolicy;
  timeoutMs: number;
  /** A client-side budget of requests a minute, shared by every client in the process (net/throttle.ts). */
  throttlePerMinute?: number | undefined;
  /** A budget over another window instead (SEC EDGAR: 10 requests a second). */
  throttle?: { requests: number; windowMs: number } | undefined;
  /** Default hosts; configured override URLs are added to the allowlist. */
  defaultUrls: readonly string[];
  /** The endpoint from the environment, or why the provider is not configured. */
  configure: (env: DataEnv) => ProviderEndpoint | { unconfigured: string };
  /** Override URLs the operator configured (exempt from the private rule with PKG_NET_ALLOW_PRIVATE=1). */
  configuredUrls: (env: DataEnv) => string[];
  load: () => Promise<ProviderFactory>;
}
