// pkg run: a tool's output is JSON on stdout (its console output goes to stderr); the input is
// checked against the input schema before anything runs (exit 2), the output against the output
// schema (exit 1); a package that is not installed says how to install it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { createProbeProject } from './probe-project.js';

const project = createProbeProject();
afterAll(project.cleanup);
const run = (...args: string[]) => runCli(['run', '@acme/probe', ...args], { cwd: project.root });

describe('pkg run', () => {
  test('prints the output of a tool as JSON', async () => {
    const { code, stdout } = await run('echo', '--input', '{"value":"hi"}');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ value: 'hi' });
  });

  test('--json wraps the output with the tool, package, version, duration and boundary', async () => {
    const { code, stdout } = await runCli(
      ['--json', 'run', '@acme/probe', 'echo', '--input', '{"value":"hi"}'],
      {
        cwd: join(project.root, 'data'),
      },
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      tool: 'echo',
      package: '@acme/probe',
      version: '0.1.0',
      output: { value: 'hi' },
      durationMs: expect.any(Number),
      sandbox: 'bubblewrap',
    });
  });

  test("the tool's console output goes to stderr, never into the JSON", async () => {
    const { code, stdout, stderr } = await run('noisy');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ value: 'quiet' });
    expect(stderr).toContain('noise on stdout');
    expect(stderr).toContain('noise on stderr');
  });

  test('input that fails the input schema exits 2 with the errors, before the tool runs', async () => {
    const { code, stderr } = await run('echo', '--input', '[1]');
    expect(code).toBe(2);
    expect(stderr).toMatchInlineSnapshot(`
      "error TOOL_INPUT_INVALID: The input does not match the input schema of echo.
        - input: must be object [type]
      hint: Check the input against the tool schema (see the package SKILL.md).
      "
    `);
  });

  test('output that fails the output schema exits 1 with the errors', async () => {
    const { code, stdout, stderr } = await run('bad-output');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      'error TOOL_OUTPUT_INVALID: The output of bad-output does not match its output schema.',
    );
    expect(stderr).toContain('  - output/value: must be string [type]');
  });

  test('input from a file; both --input and --input-file is invalid', async () => {
    expect((await run('echo', '--input-file', 'missing.json')).code).toBe(2);
    const both = await run('echo', '--input', '{}', '--input-file', 'x.json');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give --input or --input-file, not both.');
    expect((await run('echo', '--input', '{not json')).code).toBe(2);
  });

  test.each([
    ['an unknown tool', ['@acme/probe', 'nope'], 2, 'has no tool named "nope"'],
    ['a bad package id', ['acme/probe', 'echo'], 2, 'is not a package id'],
    ['a bad timeout', ['@acme/probe', 'echo', '--timeout', '-1'], 2, '--timeout must be a number'],
    [
      'a package that is not installed',
      ['@acme/absent', 'echo'],
      1,
      'hint: Install it first: pkg install @acme/absent',
    ],
  ])('%s', async (_name, args, exit, text) => {
    const { code, stderr } = await runCli(['run', ...args], { cwd: project.root });
    expect(code).toBe(exit);
    expect(stderr).toContain(text);
  });
});

test('entries load as ES modules even in a project whose package.json says "type": "commonjs"', async () => {
  const cjs = createProbeProject({ echo: ['export default async (input) => ({ value: input.value });'] });
  try {
    writeFileSync(join(cjs.root, 'package.json'), '{ "type": "commonjs" }\n');
    const { code, stdout } = await runCli(['run', '@acme/probe', 'echo', '--input', '{"value":"esm"}'], {
      cwd: cjs.root,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ value: 'esm' });
  } finally {
    cjs.cleanup();
  }
});
