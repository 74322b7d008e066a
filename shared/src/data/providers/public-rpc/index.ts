// Official public RPC: core JSON-RPC only (no debug_*, trace_*, filters: vendors/chain.md §0.3).
import { createRpcRuntime } from '../rpc-core/create-rpc-runtime.js';
import type { ProviderFactory } from '../provider-types.js';

export const createPublicRpcProvider: ProviderFactory = (endpoint, context) =>
  createRpcRuntime(endpoint, context);
