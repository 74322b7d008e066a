// dist/cli.js (dist/install.js for pkg install) loads through V8's code cache kept in the user's
// cache directory (src/code-cache.ts),
// and so does dist/data.js for the data commands (src/bundle-loader.ts): one cache per bundle and
// command, written there and nowhere else; a damaged cache or one of an older build
// changes nothing a user sees; PKG_NO_CODE_CACHE=1 keeps it off; `pkg --version` never loads it.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPublicRpcServer } from '@pkg/shared/testing';
import { commandKey } from '../../src/code-cache.js';
import { CLI, runCli, runCliWith, tempDir } from '../helpers/run-cli.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const home = tempDir('pkg-code-cache-');
const rpc = await startPublicRpcServer();
afterAll(async () => {
  await rpc.close();
  home.cleanup();
});

const cacheHome = path.join(home.dir, 'cache');
const cacheDir = path.join(cacheHome, 'pkg', 'v8');
const env = { HOME: home.dir, XDG_CACHE_HOME: cacheHome, XDG_CONFIG_HOME: path.join(home.dir, 'config') };
const caches = () => (existsSync(cacheDir) ? readdirSync(cacheDir).sort() : []);

describe('code cache of the CLI bundle', () => {
  it('is not touched by pkg --version', async () => {
    expect(await runCli(['--version'], { cwd: home.dir, env })).toMatchObject({
      code: 0,
      stdout: `${version}\n`,
    });
    expect(existsSync(cacheHome)).toBe(false);
  });

  it('keeps one cache per command in $XDG_CACHE_HOME/pkg/v8', async () => {
    const config = await runCli(['config', 'get', 'registry'], { cwd: home.dir, env });
    const list = await runCli(['--registry', 'local', 'list'], { cwd: home.dir, env });
    expect([config.code, list.code]).toEqual([0, 0]);
    expect(caches()).toEqual([
      expect.stringMatching(/^cli\.js-[0-9a-f]{32}-config\.bin$/),
      expect.stringMatching(/^cli\.js-[0-9a-f]{32}-list\.bin$/),
    ]);
    // the second run of a command uses its cache and writes nothing
    const before = caches().map((name) => readFileSync(path.join(cacheDir, name)));
    expect(await runCli(['config', 'get', 'registry'], { cwd: home.dir, env })).toEqual(config);
    expect(caches().map((name) => readFileSync(path.join(cacheDir, name)))).toEqual(before);
  });

  it("keeps the data bundle's cache beside the CLI's for a data command, the answer unchanged", async () => {
    const dataEnv = { ...env, PUBLIC_RPC_URL: rpc.url, PKG_NET_ALLOW_PRIVATE: '1' };
    const first = await runCli(['chain', 'info', '--json'], { cwd: home.dir, env: dataEnv });
    expect(first.code).toBe(0);
    expect(caches().filter((name) => name.endsWith('-chain.bin'))).toEqual([
      expect.stringMatching(/^cli\.js-[0-9a-f]{32}-chain\.bin$/),
      expect.stringMatching(/^data\.js-[0-9a-f]{32}-chain\.bin$/),
    ]);
    const second = await runCli(['chain', 'info', '--json'], { cwd: home.dir, env: dataEnv });
    const data = (run: { stdout: string }) => (JSON.parse(run.stdout) as { data: unknown }).data;
    expect([second.code, data(second)]).toEqual([0, data(first)]);
  });

  it('runs pkg install from the install bundle alone, and its help from the whole CLI', async () => {
    const project = path.join(home.dir, 'empty-project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'pkg.json'), '{}');
    const installed = await runCli(['install'], { cwd: project, env });
    expect(installed).toMatchObject({ code: 0, stdout: 'nothing to install: pkg.json lists no packages\n' });
    expect(caches().filter((name) => name.endsWith('-install.bin'))).toEqual([
      expect.stringMatching(/^install\.js-[0-9a-f]{32}-install\.bin$/),
    ]);
    const help = await runCli(['install', '--help'], { cwd: project, env });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: pkg install [options] [packages...]');
    expect(caches().filter((name) => name.endsWith('-install.bin'))).toEqual([
      expect.stringMatching(/^cli\.js-[0-9a-f]{32}-install\.bin$/),
      expect.stringMatching(/^install\.js-[0-9a-f]{32}-install\.bin$/),
    ]);
  });

  it('is written by a run that succeeded, not by one that stopped at an error', async () => {
    const cacheOf = (dir: string) => path.join(dir, 'pkg', 'v8');
    const elsewhere = path.join(home.dir, 'error-cache');
    const project = path.join(home.dir, 'error-project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'pkg.json'), '{}');
    const runEnv = { ...env, XDG_CACHE_HOME: elsewhere };
    // nothing listens on port 9: the install stops at its first request
    const failed = await runCli(['install', '@acme/weather', '--registry', 'http://127.0.0.1:9'], {
      cwd: project,
      env: runEnv,
    });
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('Could not reach the registry');
    expect(existsSync(cacheOf(elsewhere))).toBe(false);
    expect(await runCli(['install'], { cwd: project, env: runEnv })).toMatchObject({ code: 0 });
    expect(readdirSync(cacheOf(elsewhere))).toEqual([
      expect.stringMatching(/^install\.js-[0-9a-f]{32}-install\.bin$/),
    ]);
  });

  it('ignores a damaged cache and drops the caches of other builds', async () => {
    const expected = await runCli(['config', 'get', 'registry'], { cwd: home.dir, env });
    for (const name of caches()) writeFileSync(path.join(cacheDir, name), 'not a code cache');
    const stale = path.join(cacheDir, `cli.js-${'0'.repeat(32)}-install.bin`);
    writeFileSync(stale, 'the cache of an older build');
    expect(await runCli(['config', 'get', 'registry'], { cwd: home.dir, env })).toEqual(expected);
    // the damaged config cache was rejected by V8 and written anew; the older build's is gone
    expect(existsSync(stale)).toBe(false);
    const config = caches().find((name) => name.endsWith('-config.bin')) ?? '';
    expect(readFileSync(path.join(cacheDir, config), 'utf8')).not.toBe('not a code cache');
  });

  it('runs a rebuilt bundle of the same size and modification time with a cache of its own', async () => {
    // A copy of the built CLI whose cli.js is then rewritten with other bytes of the same length,
    // its modification time set back (as npm's tarballs fix it): a cache named after the old
    // bundle, which V8 would accept (it checks only the length), would run the old code.
    const dist = path.join(home.dir, 'rebuilt-dist');
    cpSync(path.dirname(CLI), dist, { recursive: true });
    const bundle = path.join(dist, 'cli.js');
    const npmTime = new Date('1985-10-26T08:15:00Z');
    utimesSync(bundle, npmTime, npmTime);
    const runEnv = { ...env, XDG_CACHE_HOME: path.join(home.dir, 'rebuilt-cache') };
    const rebuiltCaches = () => readdirSync(path.join(home.dir, 'rebuilt-cache', 'pkg', 'v8'));
    const registry = () =>
      runCliWith(path.join(dist, 'pkg.js'), ['config', 'get', 'registry'], { cwd: home.dir, env: runEnv });
    expect((await registry()).stdout).toContain('http://127.0.0.1:8787');
    expect((await registry()).stdout).toContain('http://127.0.0.1:8787'); // from its cache
    const [before] = rebuiltCaches();
    const source = readFileSync(bundle, 'utf8');
    const rebuilt = source.replaceAll('127.0.0.1:8787', '127.0.0.1:8788');
    expect(rebuilt).not.toBe(source);
    expect(rebuilt.length).toBe(source.length);
    writeFileSync(bundle, rebuilt);
    utimesSync(bundle, npmTime, npmTime);
    expect((await registry()).stdout).toContain('http://127.0.0.1:8788');
    expect(rebuiltCaches()).toEqual([expect.stringMatching(/^cli\.js-[0-9a-f]{32}-config\.bin$/)]);
    expect(rebuiltCaches()).not.toEqual([before]);
  });

  it('stays off with PKG_NO_CODE_CACHE=1', async () => {
    const elsewhere = path.join(home.dir, 'other-cache');
    const run = await runCli(['config', 'get', 'registry'], {
      cwd: home.dir,
      env: { ...env, XDG_CACHE_HOME: elsewhere, PKG_NO_CODE_CACHE: '1' },
    });
    expect(run.code).toBe(0);
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('names a cache after the command, not its arguments', () => {
    expect(commandKey(['install', '@acme/weather'])).toBe('install');
    expect(commandKey(['--registry', 'local', 'token', 'create'])).toBe('token');
    expect(commandKey(['--json', 'search', 'x'])).toBe('search');
    expect(commandKey(['../../etc'])).toBe('other');
    expect(commandKey([])).toBe('other');
  });
});
