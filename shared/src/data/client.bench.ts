// SDK calls per second: a cache hit (target under 0.1 ms), beside the bare cache lookup as its
// peer, and a cache miss through the router, the guarded fetch and the public RPC double; the
// same for a market operation (market.pair) against the DexScreener double.
import { afterAll, bench, describe } from 'vitest';
import { DEX, startDexscreenerServer } from '../../test/vendors/dexscreener-server.js';
import { startPublicRpcServer } from '../../test/vendors/public-rpc-server.js';
import { dexscreenerDescriptor } from './providers/dexscreener/descriptor.js';
import { createDataClient } from './client.js';
import { createResultCache } from './routing/cache.js';
import { systemClock } from './routing/clock.js';

const rpc = await startPublicRpcServer();
const client = createDataClient({ env: { PUBLIC_RPC_URL: rpc.url, PKG_NET_ALLOW_PRIVATE: '1' } });
await client.chain.info();
const cache = createResultCache({ clock: systemClock });
const warm = await client.chain.info({ fresh: true });
if (warm.status === 'LIVE') cache.set('k', warm, 60_000);

const dex = await startDexscreenerServer();
const market = createDataClient({
  env: { DEXSCREENER_BASE_URL: dex.origin, PKG_NET_ALLOW_PRIVATE: '1' },
  providers: [dexscreenerDescriptor],
});
const pair = { network: 'robinhood', address: DEX.PAIR_V3 };
await market.market.pair(pair);

afterAll(async () => {
  await client.close();
  await rpc.close();
  await market.close();
  await dex.close();
});

describe('SDK: chain.info', () => {
  bench('cache hit through the SDK (client.chain.info)', async () => {
    await client.chain.info();
  });
  bench('peer: bare cache lookup (cache.get)', () => {
    cache.get('k');
  });
  bench(
    'cache miss: router + guarded fetch + local RPC (fresh: true)',
    async () => {
      await client.chain.info({ fresh: true });
    },
    { time: 1_000 },
  );
});

describe('SDK: market.pair', () => {
  bench('cache hit through the SDK (client.market.pair)', async () => {
    await market.market.pair(pair);
  });
  bench(
    'cache miss: router + throttle + guarded fetch + DexScreener double (fresh: true)',
    async () => {
      await market.market.pair({ ...pair, fresh: true });
    },
    // 100 samples: below the 300-a-minute budget, so the row measures requests, not the throttle.
    { time: 0, iterations: 100 },
  );
});
