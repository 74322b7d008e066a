// What an author checks before publishing: `pkg validate` accepts a directory or an archive,
// lists every problem as `path: message [code]` and exits 2 on an invalid package.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';

const { dir, cleanup } = tempDir('pkg-cli-validate-');
beforeAll(async () => {
  expect((await runCli(['init', 'demo', '--namespace', 'acme'], { cwd: dir })).code).toBe(0);
  expect((await runCli(['pack', 'demo'], { cwd: dir })).code).toBe(0);
});
afterAll(cleanup);

describe('pkg validate', () => {
  test('a valid directory', async () => {
    const { code, stdout } = await runCli(['validate', 'demo'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toContain('valid: @acme/demo@0.1.0');
  });

  test('a valid archive, with --json', async () => {
    const { code, stdout } = await runCli(['--json', 'validate', 'acme-demo-0.1.0.tar.gz'], { cwd: dir });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      valid: true,
      name: '@acme/demo',
      version: '0.1.0',
      files: expect.any(Array),
    });
  });

  test('an invalid directory lists every problem and exits 2', async () => {
    const bad = join(dir, 'bad');
    await runCli(['init', 'bad', '--namespace', 'acme'], { cwd: dir });
    const manifest = {
      specVersion: 1,
      namespace: 'acme',
      name: 'bad',
      version: '1.0.0+build',
      description: 'x',
      dependencies: {},
    };
    writeFileSync(
      join(bad, 'manifest.json'),
      JSON.stringify({
        ...manifest,
        permissions: { fs: { read: [], write: [] }, network: [], env: [] },
        tools: [],
      }),
    );
    const { code, stderr } = await runCli(['validate', 'bad'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toMatchInlineSnapshot(`
      "error INVALID_PACKAGE: bad is not a valid skill package (2 problems).
        - manifest.json#/version: build metadata is not allowed in a version ("1.0.0+build"); drop the "+…" suffix [VERSION_BUILD_METADATA]
        - manifest.json#/dependencies: "dependencies" is reserved: declaring dependencies is not allowed [DEPENDENCIES_NOT_ALLOWED]
      hint: Fix the problems listed above; docs/package-format.md explains every code.
      "
    `);
  });

  test('an invalid archive with --json prints the INVALID_PACKAGE error body', async () => {
    writeFileSync(join(dir, 'bomb.tar.gz'), gzipSync(Buffer.alloc(60 * 1024 * 1024)));
    const { code, stdout } = await runCli(['--json', 'validate', 'bomb.tar.gz'], { cwd: dir });
    expect(code).toBe(2);
    expect(JSON.parse(stdout)).toEqual({
      error: {
        code: 'INVALID_PACKAGE',
        message: 'bomb.tar.gz is not a valid skill package (1 problem).',
        details: [
          {
            path: '',
            code: 'DECOMPRESSED_TOO_LARGE',
            message: expect.stringContaining('decompresses to more than'),
          },
        ],
      },
    });
  });

  test('a path that does not exist is exit 2', async () => {
    const { code, stderr } = await runCli(['validate', 'nope'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('nope does not exist.');
  });
});
