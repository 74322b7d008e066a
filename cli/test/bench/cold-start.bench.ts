// CLI cold start: `pkg --version` against its peer `node -e 0` (target: within 40 ms),
// `pkg chain info` against a local RPC double, and a market command (`pkg market pool`) against
// the DexScreener double. Runs the built dist/pkg.js (npm run build first).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, bench, describe } from 'vitest';
import { DEX, startDexscreenerServer, startPublicRpcServer } from '@pkg/shared/testing';
import { CLI } from '../helpers/run-cli.js';

const exec = promisify(execFile);
const rpc = await startPublicRpcServer();
const dex = await startDexscreenerServer();
const env = {
  PATH: process.env.PATH ?? '',
  HOME: '/nonexistent',
  PUBLIC_RPC_URL: rpc.url,
  DEXSCREENER_BASE_URL: dex.origin,
  PKG_NET_ALLOW_PRIVATE: '1',
};
afterAll(async () => {
  await rpc.close();
  await dex.close();
});

const options = { time: 2_000, warmupIterations: 3 };
describe('cold start', () => {
  bench(
    'peer: node -e 0',
    async () => {
      await exec(process.execPath, ['-e', '0']);
    },
    options,
  );
  bench(
    'pkg --version',
    async () => {
      await exec(process.execPath, [CLI, '--version'], { env });
    },
    options,
  );
  bench(
    'pkg chain info (local RPC)',
    async () => {
      await exec(process.execPath, [CLI, 'chain', 'info', '--json'], { env, cwd: '/tmp' });
    },
    options,
  );
  bench(
    'pkg market pool (local DexScreener double)',
    async () => {
      await exec(process.execPath, [CLI, 'market', 'pool', 'robinhood', DEX.PAIR_V3, '--json'], {
        env,
        cwd: '/tmp',
      });
    },
    options,
  );
});
