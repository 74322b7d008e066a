// Alchemy on robinhood-mainnet (https://www.alchemy.com/rpc/robinhood.md): the key is the last
// path segment. ALCHEMY_RPC_URL (a full URL, may hold `{key}`) overrides the template.
import type { DataEnv } from '../../config/env-vars.js';
import { endpointOf } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const ALCHEMY_URL_TEMPLATE = 'https://robinhood-mainnet.g.alchemy.com/v2/{key}';

export function alchemyEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  const template = env.ALCHEMY_RPC_URL ?? ALCHEMY_URL_TEMPLATE;
  if (template.includes('{key}')) {
    if (!env.ALCHEMY_API_KEY) return { unconfigured: 'not configured (ALCHEMY_API_KEY or ALCHEMY_RPC_URL)' };
    return endpointOf(template, env.ALCHEMY_API_KEY);
  }
  return endpointOf(template);
}
