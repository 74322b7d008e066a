// A capability: its name, the SDK operation it becomes (`group.operation`), its parameters
// (zod, also the MCP tool's input schema), its scope and its cache class (its TTL).
import type { z } from 'zod';
import type { ProviderId } from '../providers/provider-types.js';

export const TTL_MS = {
  /** balances, nonce */
  balance: 5_000,
  /** blocks, transactions, prices, wallet data, DEX market data */
  block: 30_000,
  /** indexed explorer data */
  indexed: 15_000,
  /** bytecode, code-hosting data */
  bytecode: 60_000,
  /** token metadata, verified sources, security reports, AI model lists */
  metadata: 600_000,
  /** market network lists */
  networks: 3_600_000,
  /** web results */
  web: 300_000,
  /** AI completions: never cached */
  never: 0,
} as const;
export type TtlClass = keyof typeof TTL_MS;

/**
 * - `chain`: the supported chain; providers declare it under the chain's key.
 * - `market`: a `network` parameter, the supported chain (its key, the default) or a provider's
 *   own network id, passed through unchanged to providers that declare `anyNetwork`.
 * - `global`: no chain at all (global market statistics, AI, web, code hosting).
 */
export type CapabilityScope = 'chain' | 'market' | 'global';

export interface CapabilityDefinition<P extends z.ZodObject = z.ZodObject> {
  name: string;
  group:
    | 'chain'
    | 'onchain'
    | 'tokens'
    | 'explorer'
    | 'market'
    | 'security'
    | 'wallet'
    | 'stocks'
    | 'ai'
    | 'web'
    | 'github'
    | 'subgraph'
    | 'defi'
    | 'perps'
    | 'equities'
    | 'macro'
    | 'filings'
    | 'odds'
    | 'feeds'
    | 'sentiment'
    | 'rankings';
  /** Default `chain`. */
  scope?: CapabilityScope;
  operation: string;
  summary: string;
  params: P;
  ttl: TtlClass;
  /**
   * The routing order of this capability when it differs from the provider table's (the web
   * routing table of docs/data-layer.md); providers not listed are never asked for it.
   */
  order?: readonly ProviderId[];
}

export function defineCapability<P extends z.ZodObject>(
  definition: CapabilityDefinition<P>,
): CapabilityDefinition<P> {
  return definition;
}
