// Official public RPC: core JSON-RPC only (no debug_*, trace_*, filters: the vendor's documentation).
import { createRpcRuntime } from '../rpc-core/create-rpc-runtime.js';
import type { ProviderFactory } from '../provider-types.js';

export const createPublicRpcProvider: ProviderFactory = (endpoint, context) =>
  createRpcRuntime(endpoint, context);
