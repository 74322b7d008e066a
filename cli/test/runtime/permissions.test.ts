// The sandbox's file-system, environment and process limits, seen through the built CLI: a tool
// reads its declared paths and nothing else, writes only its declared paths, sees only its
// declared environment variables, and cannot start processes or signal other processes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { BOUNDARIES, createProbeProject, runUnder } from './probe-project.js';

const project = createProbeProject();
afterAll(project.cleanup);
const env = { PROBE_DECLARED: 'declared value', PROBE_SECRET: 'secret value' };

describe.each(BOUNDARIES)('under the %s boundary', (sandbox) => {
  const run = (tool: string, input: object) =>
    runUnder(sandbox, ['@acme/probe', tool, '--input', JSON.stringify(input)], { cwd: project.root, env });

  describe('file system', () => {
    test('reading a file outside the declared paths fails, naming the path and the permission', async () => {
      const { code, stdout, stderr } = await run('read-file', { path: '/etc/hostname' });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatchInlineSnapshot(`
      "error TOOL_PERMISSION_DENIED: The tool read-file tried to read /etc/hostname, which is not declared in manifest permissions.fs.read.
      hint: A tool may read its own package and the paths declared in manifest permissions.fs.read (relative to the project).
      "
    `);
    });

    test('reading a declared fs.read path works (relative to the project)', async () => {
      const { code, stdout } = await run('read-file', { path: 'data/note.txt' });
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual({ text: 'declared data\n' });
    });

    test("the package's own files are readable; the project's other files are not", async () => {
      expect((await run('read-file', { path: join(project.packageDir, 'SKILL.md') })).code).toBe(0);
      const { code, stderr } = await run('read-file', { path: 'pkg.json' });
      expect(code).toBe(1);
      expect(stderr).toContain(`tried to read ${join(project.root, 'pkg.json')}`);
    });

    test('writing a declared fs.write path works; writing anywhere else fails clearly', async () => {
      const ok = await run('write-file', { path: 'out/result.txt', text: 'written' });
      expect(ok.code).toBe(0);
      expect(readFileSync(join(project.root, 'out', 'result.txt'), 'utf8')).toBe('written');

      const { code, stderr } = await run('write-file', { path: 'data/evil.txt', text: 'x' });
      expect(code).toBe(1);
      expect(stderr).toContain('error TOOL_PERMISSION_DENIED: The tool write-file tried to write');
      expect(stderr).toContain('not declared in manifest permissions.fs.write');
      expect(existsSync(join(project.root, 'data', 'evil.txt'))).toBe(false);
    });
  });

  describe('environment', () => {
    test('a declared variable is visible; the environment holds nothing else', async () => {
      const { code, stdout } = await run('env', { name: 'PROBE_DECLARED' });
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual({
        value: 'declared value',
        process: 'declared value',
        keys: ['PROBE_DECLARED'],
      });
    });

    test('reading an undeclared variable through context.env fails clearly', async () => {
      const { code, stderr } = await run('env', { name: 'PROBE_SECRET' });
      expect(code).toBe(1);
      expect(stderr).toMatchInlineSnapshot(`
      "error TOOL_PERMISSION_DENIED: The tool env was refused: env variable PROBE_SECRET is not declared in manifest permissions.env.
      hint: Declare the variable in manifest permissions.env (then reinstall the package).
      "
    `);
    });

    test('PATH and HOME are not passed either', async () => {
      const { code, stderr } = await run('env', { name: 'PATH' });
      expect(code).toBe(1);
      expect(stderr).toContain('env variable PATH is not declared');
    });
  });

  describe('processes', () => {
    test('starting a child process fails', async () => {
      const { code, stderr } = await run('spawn', {});
      expect(code).toBe(1);
      expect(stderr).toContain(
        'error TOOL_PERMISSION_DENIED: The tool spawn tried to start a child process; tools may not start processes.',
      );
    });

    test('signalling another process (the CLI) fails', async () => {
      const { code, stderr } = await run('signal', {});
      expect(code).toBe(1);
      expect(stderr).toContain('tools may not send signals to other processes');
    });
  });

  describe('grants', () => {
    test('a package whose permissions pkg.json does not grant is not run', async () => {
      const ungranted = createProbeProject();
      writeFileSync(join(ungranted.root, 'pkg.json'), '{ "packages": {} }\n');
      const { code, stdout, stderr } = await runCli(
        ['run', '@acme/probe', 'read-file', '--input', '{"path":"data/note.txt"}'],
        {
          cwd: ungranted.root,
          env,
        },
      );
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toContain(
        'error PERMISSIONS_REQUIRED: @acme/probe requests permissions that pkg.json does not grant',
      );
      expect(stderr).toContain('read files: data');
      expect(stderr).toContain('--accept-permissions');
      ungranted.cleanup();
    });
  });
});
