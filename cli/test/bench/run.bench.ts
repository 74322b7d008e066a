// `pkg run` of a hello tool of an installed package behind the OS boundary (`--sandbox os`:
// bubblewrap on Linux) and without it (`--sandbox node`: Node's permission model only), next to
// the peer `node -e 0`. The difference between the two `pkg run` rows is the OS boundary's cost.
// Target: the OS boundary adds at most 150 ms. Runs the built dist/pkg.js (npm run build first).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, bench, describe } from 'vitest';
import { CLI } from '../helpers/run-cli.js';
import { createProbeProject } from '../runtime/probe-project.js';

const exec = promisify(execFile);
const project = createProbeProject({
  hello: ['export default async (input) => ({ value: `hello ${input.value}` });'],
});
afterAll(() => {
  project.cleanup();
});

/** `pkg run @acme/probe hello` under one boundary; fails the bench if the tool did not answer. */
async function runHello(sandbox: 'os' | 'node'): Promise<void> {
  const { stdout } = await exec(
    process.execPath,
    [CLI, 'run', '@acme/probe', 'hello', '--input', '{"value":"x"}', '--sandbox', sandbox],
    { cwd: project.root },
  );
  if (!stdout.includes('hello x')) throw new Error(`pkg run --sandbox ${sandbox} printed: ${stdout}`);
}

const options = { time: 2_000, warmupIterations: 3 };
describe('pkg run', () => {
  bench(
    'peer: node -e 0',
    async () => {
      await exec(process.execPath, ['-e', '0']);
    },
    options,
  );
  bench('pkg run hello --sandbox node (no OS boundary)', () => runHello('node'), options);
  bench('pkg run hello --sandbox os (bubblewrap)', () => runHello('os'), options);
});
