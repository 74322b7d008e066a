// SDK calls per second: a cache hit (target under 0.1 ms), beside the bare cache lookup as its
// peer, and a cache miss through the router, the guarded fetch and the public RPC double.
import { afterAll, bench, describe } from 'vitest';
import { startPublicRpcServer } from '../../test/vendors/public-rpc-server.js';
import { createDataClient } from './client.js';
import { createResultCache } from './routing/cache.js';
import { systemClock } from './routing/clock.js';

const rpc = await startPublicRpcServer();
const client = createDataClient({ env: { PUBLIC_RPC_URL: rpc.url, PKG_NET_ALLOW_PRIVATE: '1' } });
await client.chain.info();
const cache = createResultCache({ clock: systemClock });
const warm = await client.chain.info({ fresh: true });
if (warm.status === 'LIVE') cache.set('k', warm, 60_000);

afterAll(async () => {
  await client.close();
  await rpc.close();
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
