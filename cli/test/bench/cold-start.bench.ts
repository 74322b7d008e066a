// CLI cold start: `pkg --version` against its peer `node -e 0` (target: within 40 ms), and
// `pkg chain info` against a local RPC double. Runs the built dist/pkg.js (npm run build first).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, bench, describe } from 'vitest';
import { startPublicRpcServer } from '../../../shared/test/vendors/public-rpc-server.js';
import { CLI } from '../helpers/run-cli.js';

const exec = promisify(execFile);
const rpc = await startPublicRpcServer();
const env = {
  PATH: process.env.PATH ?? '',
  HOME: '/nonexistent',
  PUBLIC_RPC_URL: rpc.url,
  PKG_NET_ALLOW_PRIVATE: '1',
};
afterAll(() => rpc.close());

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
});
