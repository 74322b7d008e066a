// The CLI bundles compile through V8's code cache kept in the user's cache directory
// (src/bin.ts): it is written there and nowhere else, a damaged cache changes nothing a user
// sees, DISABLE_V8_COMPILE_CACHE=1 keeps it off, and `pkg --version` does not touch it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const home = tempDir('pkg-compile-cache-');
afterAll(() => home.cleanup());

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('compile cache', () => {
  const cacheHome = path.join(home.dir, 'cache');
  const env = { HOME: home.dir, XDG_CACHE_HOME: cacheHome, XDG_CONFIG_HOME: path.join(home.dir, 'config') };
  const cacheDir = path.join(cacheHome, 'pkg', 'v8-compile-cache');

  it('is not touched by pkg --version', async () => {
    const run = await runCli(['--version'], { cwd: home.dir, env });
    expect(run).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect(existsSync(cacheHome)).toBe(false);
  });

  it('lives in $XDG_CACHE_HOME/pkg and survives being damaged', async () => {
    const first = await runCli(['config', 'get', 'registry'], { cwd: home.dir, env });
    expect(first.code).toBe(0);
    const files = filesUnder(cacheDir);
    expect(files.some((f) => f.endsWith('BLOB'))).toBe(true);
    expect(files.some((f) => f.endsWith('MAP'))).toBe(true);

    for (const file of files) writeFileSync(path.join(cacheDir, file), 'not a code cache');
    const again = await runCli(['config', 'get', 'registry'], { cwd: home.dir, env });
    expect(again).toEqual(first);
  });

  it('stays off with DISABLE_V8_COMPILE_CACHE=1', async () => {
    const elsewhere = path.join(home.dir, 'other-cache');
    const run = await runCli(['config', 'get', 'registry'], {
      cwd: home.dir,
      env: { ...env, XDG_CACHE_HOME: elsewhere, DISABLE_V8_COMPILE_CACHE: '1' },
    });
    expect(run.code).toBe(0);
    expect(existsSync(elsewhere)).toBe(false);
  });
});
