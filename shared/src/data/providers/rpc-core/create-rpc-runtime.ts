// A runtime for an RPC provider: the core handlers plus the vendor's own, the eth_chainId check
// and a health request.
import { hexToBigInt, type Hex } from 'viem';
import type {
  CapabilityHandler,
  ProviderContext,
  ProviderEndpoint,
  ProviderRuntime,
} from '../provider-types.js';
import { createJsonRpc, type JsonRpc } from './json-rpc.js';
import { coreRpcHandlers, rpcChainId } from './rpc-handlers.js';

export function createRpcRuntime(
  endpoint: ProviderEndpoint,
  context: ProviderContext,
  extra: (rpc: JsonRpc) => Record<string, CapabilityHandler> = () => ({}),
): ProviderRuntime {
  const rpc = createJsonRpc(endpoint, context);
  const chainId = rpcChainId(rpc);
  return {
    handlers: { ...coreRpcHandlers(rpc), ...extra(rpc) },
    chainId,
    health: async () => {
      const [id, number] = await Promise.all([chainId(), rpc<Hex>('eth_blockNumber', [])]);
      return { chainId: id, headBlock: hexToBigInt(number).toString() };
    },
  };
}
