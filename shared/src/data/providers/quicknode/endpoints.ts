// QuickNode (https://www.quicknode.com/docs/robinhood): the endpoint name is random and the
// token is a path segment, so the whole URL is configured: QUICKNODE_RPC_URL.
import type { DataEnv } from '../../config/env-vars.js';
import { endpointOf } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const QUICKNODE_URL_TEMPLATE = 'https://{endpoint}.robinhood-mainnet.quiknode.pro/{key}/';

export function quicknodeEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  if (!env.QUICKNODE_RPC_URL) return { unconfigured: 'not configured (QUICKNODE_RPC_URL)' };
  return endpointOf(env.QUICKNODE_RPC_URL);
}
