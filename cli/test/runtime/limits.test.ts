// The time and memory limits: a tool that never finishes is killed at the time limit; a tool
// that allocates without bound is stopped at the memory limit. Both fail with a clear message.
import { afterAll, describe, expect, test } from 'vitest';
import { BOUNDARIES, createProbeProject, runUnder } from './probe-project.js';

const project = createProbeProject();
afterAll(project.cleanup);

describe.each(BOUNDARIES)('limits under the %s boundary', (sandbox) => {
  const run = (...args: string[]) => runUnder(sandbox, ['@acme/probe', ...args], { cwd: project.root });

  test('a tool that loops forever is killed at the time limit', async () => {
    const started = performance.now();
    const { code, stdout, stderr } = await run('loop', '--timeout', '1');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatchInlineSnapshot(`
      "error TOOL_TIMEOUT: The tool loop did not finish within 1 s and was killed.
      hint: Raise the limit with --timeout <seconds> if the tool needs longer.
      "
    `);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  test('a tool that allocates too much memory is stopped with a clear message', async () => {
    const { code, stdout, stderr } = await run('hog', '--memory', '64');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      'error TOOL_OUT_OF_MEMORY: The tool hog used more than its memory limit of 64 MB and was stopped.',
    );
  });
});
