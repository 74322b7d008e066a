// Goldsky Edge RPC (https://docs.goldsky.com/edge-rpc/platform/security): the secret goes in
// the URL query; without one the endpoint answers HTTP 402, so no key means not configured.
import type { DataEnv } from '../../config/env-vars.js';
import { endpointOf } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const EDGE_RPC_URL_TEMPLATE = 'https://edge.goldsky.com/standard/evm/4663?secret={key}';

export function edgeRpcEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const template = env.EDGE_RPC_URL ?? EDGE_RPC_URL_TEMPLATE;
  if (!template.includes('{key}')) return endpointOf(template);
  if (!env.EDGE_RPC_KEY)
    return { unconfigured: 'not configured (EDGE_RPC_KEY; the endpoint answers 402 without one)' };
  return endpointOf(template, env.EDGE_RPC_KEY);
}
