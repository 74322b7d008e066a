// `pkg providers`: the provider list with configuration and eligibility, and a live health
// request per configured provider (eth_chainId for RPC providers, which also records chain_mismatch).
import type { Chain } from '../chains.js';
import type { Redactor } from '../errors/redact.js';
import { liveResult, compositeResult, toResult, unavailableResult } from '../result.js';
import type { CompositeResult, Result } from '../../contract/result-schema.js';
import type { Clock } from '../routing/clock.js';
import type { ProviderStateSnapshot, ProviderStates } from '../routing/provider-states.js';
import type { ProviderSlot } from '../routing/route.js';
import type { ProviderKind } from './provider-types.js';
import { randomUUID } from 'node:crypto';

export interface ProviderListing {
  id: string;
  name: string;
  role: string;
  kind: ProviderKind;
  configured: boolean;
  endpoint?: string;
  reason?: string;
  capabilities: string[];
  state: ProviderStateSnapshot;
}

export function listProviders(
  slots: readonly ProviderSlot[],
  states: ProviderStates,
  chain: Chain,
): ProviderListing[] {
  return slots.map(({ descriptor, endpoint, unconfigured }) => ({
    id: descriptor.id,
    name: descriptor.name,
    role: descriptor.role,
    kind: descriptor.kind,
    configured: endpoint !== undefined,
    ...(endpoint ? { endpoint: endpoint.display } : {}),
    ...(unconfigured ? { reason: unconfigured } : {}),
    capabilities: [
      ...new Set([
        ...(descriptor.capabilities[chain.key] ?? []),
        ...(descriptor.capabilities.anyNetwork ?? []),
        ...(descriptor.capabilities.global ?? []),
      ]),
    ],
    state: states.snapshot(descriptor.id),
  }));
}

export async function checkProviders(deps: {
  slots: readonly ProviderSlot[];
  states: ProviderStates;
  chain: Chain;
  clock: Clock;
  redact: Redactor;
}): Promise<CompositeResult> {
  const { chain, clock, redact, states } = deps;
  const sections: Record<string, Result> = {};
  await Promise.all(
    deps.slots.map(async (slot) => {
      const { id } = slot.descriptor;
      if (!slot.endpoint) {
        sections[id] = unavailableResult({
          capability: 'health',
          provider: id,
          network: chain.key,
          now: clock.now(),
          reason: slot.unconfigured ?? 'not configured',
        });
        return;
      }
      const started = performance.now();
      try {
        const health = await (await slot.runtime()).health();
        if (typeof health.chainId === 'number' && health.chainId !== chain.chainId) {
          const error = `chain_mismatch: reported chain id ${health.chainId}, expected ${chain.chainId}`;
          states.markChainMismatch(id, error);
          sections[id] = {
            status: 'ERROR',
            code: 'CHAIN_MISMATCH',
            message: error,
            capability: 'health',
            attemptedProviders: [{ provider: id, error }],
          };
          return;
        }
        const now = clock.now();
        sections[id] = liveResult(
          { ...health, endpoint: slot.endpoint.display, latencyMs: Math.round(performance.now() - started) },
          {
            source: id,
            chain: chain.key,
            chainId: chain.chainId,
            fetchedAt: new Date(now).toISOString(),
            fresh: true,
            requestId: randomUUID(),
          },
        );
      } catch (error) {
        sections[id] = toResult(error, {
          redact,
          capability: 'health',
          attempted: [{ provider: id, error: error instanceof Error ? error.message : String(error) }],
        });
      }
    }),
  );
  const ordered: Record<string, Result> = {};
  for (const slot of deps.slots) {
    const section = sections[slot.descriptor.id];
    if (section) ordered[slot.descriptor.id] = section;
  }
  return compositeResult(ordered);
}
