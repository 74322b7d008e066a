// The official public RPC of Robinhood Chain (https://docs.robinhood.com/chain/connecting/):
// keyless, rate limited, on by default; PUBLIC_RPC_URL overrides it and `off` disables it.
import type { DataEnv } from '../../config/env-vars.js';
import { endpointOf } from '../endpoint-url.js';
import type { ProviderEndpoint } from '../provider-types.js';

export const PUBLIC_RPC_URL = 'https://rpc.mainnet.chain.robinhood.com';

export function publicRpcEndpoint(env: DataEnv): ProviderEndpoint | { unconfigured: string } {
  if (env.PUBLIC_RPC_URL?.trim().toLowerCase() === 'off')
    return { unconfigured: 'disabled (PUBLIC_RPC_URL=off)' };
  return endpointOf(env.PUBLIC_RPC_URL ?? PUBLIC_RPC_URL);
}
