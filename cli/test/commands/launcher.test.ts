// The `pkg` that npm links (package.json "bin") runs the built CLI in its own process, as
// `node dist/pkg.js` does, and says so when the CLI is not built yet. It is CommonJS: an
// ES-module launcher started node's ES-module loader on every command line, about 7 ms of CPU
// (docs/performance.md, "Install from the lock, fifth pass").
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runCliWith, tempDir } from '../helpers/run-cli.js';

const cliRoot = path.resolve(import.meta.dirname, '../..');
const { bin, version } = JSON.parse(readFileSync(path.join(cliRoot, 'package.json'), 'utf8')) as {
  bin: { pkg: string };
  version: string;
};
const launcher = path.join(cliRoot, bin.pkg);
const home = tempDir('pkg-launcher-');
afterAll(() => home.cleanup());
const env = {
  HOME: home.dir,
  XDG_CACHE_HOME: path.join(home.dir, 'cache'),
  XDG_CONFIG_HOME: path.join(home.dir, 'config'),
};

describe('the pkg launcher npm links', () => {
  it('is an executable CommonJS file', () => {
    expect(path.extname(launcher)).toBe('.cjs');
    expect(statSync(launcher).mode & 0o111).not.toBe(0);
    expect(readFileSync(launcher, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('answers as the built CLI does', async () => {
    expect(await runCliWith(launcher, ['--version'], { cwd: home.dir, env })).toEqual({
      code: 0,
      stdout: `${version}\n`,
      stderr: '',
    });
    const direct = await runCli(['config', 'get', 'registry'], { cwd: home.dir, env });
    expect(direct.code).toBe(0);
    expect(await runCliWith(launcher, ['config', 'get', 'registry'], { cwd: home.dir, env })).toEqual(direct);
  });

  it('says how to build when the CLI is not built', async () => {
    const checkout = path.join(home.dir, 'unbuilt', 'bin');
    mkdirSync(checkout, { recursive: true });
    const copy = path.join(checkout, path.basename(launcher));
    copyFileSync(launcher, copy);
    expect(await runCliWith(copy, ['install'], { cwd: home.dir, env })).toEqual({
      code: 1,
      stdout: '',
      stderr: 'pkg is not built yet: run `npm run build` at the repository root.\n',
    });
  });
});
