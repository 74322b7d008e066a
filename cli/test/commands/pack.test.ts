// What an author checks: `pkg pack` writes <ns>-<name>-<version>.tar.gz, prints its integrity,
// size and files, gives the same bytes when run again, and refuses an invalid package.
import { createHash } from 'node:crypto';
import { readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';

const { dir, cleanup } = tempDir('pkg-cli-pack-');
beforeAll(async () => {
  expect((await runCli(['init', 'demo', '--namespace', 'acme'], { cwd: dir })).code).toBe(0);
});
afterAll(cleanup);

const sha256 = (path: string) => `sha256-${createHash('sha256').update(readFileSync(path)).digest('hex')}`;

describe('pkg pack', () => {
  test('writes the archive into the current directory and prints integrity, size and files', async () => {
    const { code, stdout } = await runCli(['pack', 'demo'], { cwd: dir });
    expect(code).toBe(0);
    const archive = join(dir, 'acme-demo-0.1.0.tar.gz');
    const integrity = sha256(archive);
    expect(stdout).toContain('packed @acme/demo@0.1.0');
    expect(stdout).toContain(`integrity: ${integrity}`);
    expect(stdout).toContain(`size:      ${readFileSync(archive).byteLength} bytes`);
    expect(stdout).toContain('    tools/hello.js');
  });

  test('--out-dir and --json; packing again after touching mtimes gives the same bytes', async () => {
    const first = JSON.parse(
      (await runCli(['--json', 'pack', 'demo', '--out-dir', 'out'], { cwd: dir })).stdout,
    ) as {
      integrity: string;
      path: string;
    };
    expect(first.path).toBe(join(dir, 'out', 'acme-demo-0.1.0.tar.gz'));
    expect(sha256(first.path)).toBe(first.integrity);
    utimesSync(join(dir, 'demo', 'manifest.json'), new Date(2030, 1, 1), new Date(2030, 1, 1));
    const second = JSON.parse((await runCli(['--json', 'pack'], { cwd: join(dir, 'demo') })).stdout) as {
      integrity: string;
    };
    expect(second.integrity).toBe(first.integrity);
    // The archive now lying in the package directory is not packed into the next one.
    const third = JSON.parse((await runCli(['--json', 'pack'], { cwd: join(dir, 'demo') })).stdout) as {
      integrity: string;
    };
    expect(third.integrity).toBe(first.integrity);
  });

  test('a symlink in the package is exit 2 with SYMLINK', async () => {
    await runCli(['init', 'linked', '--namespace', 'acme'], { cwd: dir });
    symlinkSync('/etc/passwd', join(dir, 'linked', 'passwd'));
    const { code, stderr } = await runCli(['pack', 'linked'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('  - passwd: symbolic links are not allowed in a package [SYMLINK]');
  });

  test('an invalid package writes no archive', async () => {
    await runCli(['init', 'broken', '--namespace', 'acme'], { cwd: dir });
    writeFileSync(join(dir, 'broken', 'schemas', 'hello.input.json'), '{"type":"strin"}');
    const { code, stderr } = await runCli(['pack', 'broken', '--out-dir', 'broken-out'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('[SCHEMA_INVALID]');
    expect(() => readFileSync(join(dir, 'broken-out', 'acme-broken-0.1.0.tar.gz'))).toThrow();
  });
});
