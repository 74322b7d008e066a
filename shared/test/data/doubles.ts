// Starts every chain vendor double with a key and gives the environment that points the real
// providers at them (PKG_NET_ALLOW_PRIVATE=1: the operator opt-out for configured endpoints).
import type { DataEnv } from '../../src/data/config/env-vars.js';
import { startAlchemyServer } from '../vendors/alchemy-server.js';
import { startBlockscoutServer } from '../vendors/blockscout-server.js';
import { startEdgeRpcServer } from '../vendors/edge-rpc-server.js';
import { startPublicRpcServer } from '../vendors/public-rpc-server.js';
import { startQuicknodeServer } from '../vendors/quicknode-server.js';

export const KEYS = {
  alchemy: 'alchKey_0123456789abcdefXYZ',
  quicknode: 'qnToken0123456789abcdef0123456789',
  edge: 'gs_edge_0123456789abcdefSECRET',
  blockscout: 'proapi_0123456789abcdefKEY',
} as const;

export async function startDoubles() {
  const [alchemy, quicknode, edge, publicRpc, blockscout] = await Promise.all([
    startAlchemyServer(KEYS.alchemy),
    startQuicknodeServer(KEYS.quicknode),
    startEdgeRpcServer(KEYS.edge),
    startPublicRpcServer(),
    startBlockscoutServer(KEYS.blockscout),
  ]);
  const env: DataEnv = {
    ALCHEMY_RPC_URL: `${alchemy.origin}/v2/{key}`,
    ALCHEMY_API_KEY: KEYS.alchemy,
    QUICKNODE_RPC_URL: quicknode.url,
    EDGE_RPC_URL: edge.url,
    EDGE_RPC_KEY: KEYS.edge,
    PUBLIC_RPC_URL: publicRpc.url,
    BLOCKSCOUT_BASE_URL: blockscout.baseUrl,
    BLOCKSCOUT_API_KEY: KEYS.blockscout,
    PKG_NET_ALLOW_PRIVATE: '1',
  };
  const all = [alchemy, quicknode, edge, publicRpc, blockscout];
  return {
    alchemy,
    quicknode,
    edge,
    publicRpc,
    blockscout,
    env,
    reset() {
      for (const rpc of [alchemy, quicknode, edge, publicRpc]) {
        rpc.calls.length = 0;
        rpc.failNext.length = 0;
        rpc.failAll = undefined;
        rpc.chainId = 4663;
      }
      blockscout.paths.length = 0;
      blockscout.failNext.length = 0;
    },
    close: () => Promise.all(all.map((d) => d.close())),
  };
}

export type Doubles = Awaited<ReturnType<typeof startDoubles>>;

export function fakeClock(start = Date.UTC(2026, 9, 1, 12, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}
