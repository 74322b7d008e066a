// Goldsky Edge RPC, the third RPC: chain id, head blocks and core JSON-RPC. 402 (no key) and
// 401 (wrong kind of key) reject the key; no payment is ever attempted.
import { createRpcRuntime } from '../rpc-core/create-rpc-runtime.js';
import type { ProviderFactory } from '../provider-types.js';

export const createEdgeRpcProvider: ProviderFactory = (endpoint, context) =>
  createRpcRuntime(endpoint, context);
