// pkg yank, unyank and deprecate against the real server (docs/trust.md, "Yank and deprecate"):
// a range never resolves to a yanked version; a lock pin of one still installs it, with a warning
// naming the reason; unyanked, it is chosen again; a deprecation is printed by install and shown
// by info and search; a user without rights to the namespace is refused.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildPackage,
  createUser,
  publishArchive,
  startTestServer,
  type TestServer,
} from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let server: TestServer;
let owner: string;
let stranger: string;
const work = tempDir('pkg-yank-');

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  stranger = (await createUser(server.deps.registry, 'mallory')).token.token;
  for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
    const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version });
    expect((await publishArchive(server.url, owner, pkg.bytes)).status).toBe(201);
  }
});
afterAll(async () => {
  await server.close();
  work.cleanup();
});

const env = (token: string) => ({
  HOME: work.dir,
  XDG_CONFIG_HOME: path.join(work.dir, '.config'),
  PKG_REGISTRY: server.url,
  PKG_TOKEN: token,
});
const as = (token: string, ...args: string[]) => runCli(args, { cwd: work.dir, env: env(token) });

function project(name: string) {
  const dir = path.join(work.dir, name);
  mkdirSync(dir, { recursive: true });
  const cli = (...args: string[]) => runCli(args, { cwd: dir, env: env('') });
  const lockFile = path.join(dir, 'pkg-lock.json');
  const lock = () =>
    JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, { version: string }> };
  return { dir, cli, lockFile, lock };
}

describe('yank', () => {
  const pinned = project('pinned');

  test('the lock pins 1.2.0 before the yank', async () => {
    const run = await pinned.cli('install', '@acme/clock@^1');
    expect(run.code, run.stderr).toBe(0);
    expect(pinned.lock().packages['@acme/clock']?.version).toBe('1.2.0');
  });

  test('pkg yank by the owner: a range skips 1.2.0', async () => {
    const yank = await as(owner, 'yank', '@acme/clock@1.2.0', '--reason', 'reads the wrong clock', '--json');
    expect(yank.code, yank.stderr).toBe(0);
    expect(JSON.parse(yank.stdout)).toMatchObject({ name: '@acme/clock', versions: ['1.2.0'] });
    const fresh = project('fresh');
    const run = await fresh.cli('install', '@acme/clock@^1');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('installed @acme/clock@1.1.0');
    expect(fresh.lock().packages['@acme/clock']?.version).toBe('1.1.0');
    const exact = await fresh.cli('install', '@acme/clock@1.2.0');
    expect(exact.code).not.toBe(0);
    expect(exact.stderr).toContain('yanked, never chosen: 1.2.0');
  });

  test('a lock pin of the yanked version installs it, with a warning naming the reason', async () => {
    const run = await pinned.cli('install');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('installed @acme/clock@1.2.0 (');
    expect(run.stderr).toContain(
      'pkg: @acme/clock@1.2.0 is yanked (reads the wrong clock); installed because pkg-lock.json pins it',
    );
  });

  test('pkg info shows it, latest skips it', async () => {
    const info = await as('', 'info', '@acme/clock');
    expect(info.code, info.stderr).toBe(0);
    expect(info.stdout).toContain('latest:   1.1.0');
    expect(info.stdout).toContain('  1.2.0 yanked: reads the wrong clock');
  });

  test("a non-owner's yank is refused", async () => {
    const run = await as(stranger, 'yank', '@acme/clock@1.1.0', '--reason', 'mine now');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/^error FORBIDDEN/m);
    const info = await as('', 'info', '@acme/clock', '--json');
    const versions = (JSON.parse(info.stdout) as { versions: { version: string; yanked: unknown }[] })
      .versions;
    expect(versions.find((v) => v.version === '1.1.0')?.yanked).toBeNull();
  });

  test('a yank without --reason, or of a range, is refused by the CLI', async () => {
    expect((await as(owner, 'yank', '@acme/clock@1.1.0')).code).not.toBe(0);
    const range = await as(owner, 'yank', '@acme/clock@^1', '--reason', 'x');
    expect(range.code).toBe(2);
    expect(range.stderr).toContain('"@acme/clock@^1" is not @<namespace>/<name>@<version>.');
  });

  test('after pkg unyank, 1.2.0 is chosen again', async () => {
    const unyank = await as(owner, 'unyank', '@acme/clock@1.2.0');
    expect(unyank.code, unyank.stderr).toBe(0);
    expect(unyank.stdout).toMatch(/^unyanked @acme\/clock 1\.2\.0 \(log entry \d+\)\n$/);
    const again = project('again');
    const run = await again.cli('install', '@acme/clock@^1');
    expect(run.code, run.stderr).toBe(0);
    expect(again.lock().packages['@acme/clock']?.version).toBe('1.2.0');
    expect(run.stderr).not.toContain('yanked');
  });
});

describe('deprecate', () => {
  test('install prints the message, info and search show it; an empty message lifts it', async () => {
    const dep = await as(owner, 'deprecate', '@acme/clock@<1.2.0', 'use 1.2: older ones drift');
    expect(dep.code, dep.stderr).toBe(0);
    expect(dep.stdout).toMatch(/^deprecated @acme\/clock 1\.0\.0, 1\.1\.0: use 1\.2: older ones drift/);
    const p = project('deprecated');
    const run = await p.cli('install', '@acme/clock@~1.1');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('pkg: @acme/clock@1.1.0 is deprecated: use 1.2: older ones drift');
    const json = await p.cli('install', '@acme/clock@~1.1', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      installed: [{ version: '1.1.0', deprecated: 'use 1.2: older ones drift', yanked: null }],
    });
    const info = await as('', 'info', '@acme/clock');
    expect(info.stdout).toContain('  1.1.0 deprecated: use 1.2: older ones drift');
    await as(owner, 'deprecate', '@acme/clock@*', 'the whole line is retired');
    const search = await as('', 'search', 'clock');
    expect(search.stdout).toContain('[deprecated: the whole line is retired]');
    const lifted = await as(owner, 'deprecate', '@acme/clock@*', '');
    expect(lifted.code, lifted.stderr).toBe(0);
    expect(lifted.stdout).toMatch(/^lifted the deprecation of @acme\/clock 1\.0\.0, 1\.1\.0, 1\.2\.0/);
    const after = await p.cli('install', '@acme/clock@~1.1');
    expect(after.stderr).toBe('');
  });
});
