// The whole life of a skill, as a developer and an agent host live it, against a real
// registry server on the embedded store in the same test run: init, login, publish, install
// by range, install from the lock file in a fresh directory, verify, run a tool, remove.
import { cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, startTestServer, type TestServer } from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let server: TestServer;
let token: string;
let home: { dir: string; cleanup: () => void };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  server = await startTestServer();
  token = (await createUser(server.deps.registry, 'alice')).token.token;
  home = tempDir('pkg-e2e-home-');
  env = {
    HOME: home.dir,
    XDG_CONFIG_HOME: path.join(home.dir, '.config'),
    PKG_REGISTRY: server.url,
    PKG_TOKEN: '',
  };
});
afterAll(async () => {
  await server.close();
  home.cleanup();
});

const cli = (args: string[], cwd: string, input?: string) =>
  runCli(args, { cwd, env, ...(input === undefined ? {} : { input }) });
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

function setVersion(dir: string, version: string): void {
  const file = path.join(dir, 'manifest.json');
  writeFileSync(file, `${JSON.stringify({ ...readJson(file), version }, null, 2)}\n`);
}

describe('a skill from init to remove', () => {
  const work = tempDir('pkg-e2e-work-');
  afterAll(() => work.cleanup());
  const skill = path.join(work.dir, 'weather');
  const project = path.join(work.dir, 'agent');
  const fresh = path.join(work.dir, 'agent-copy');

  test('login stores the token (mode 0600) after checking it', async () => {
    const run = await cli(['login', '--token-stdin'], work.dir, `${token}\n`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`logged in to ${server.url} as alice`);
    const file = path.join(env.XDG_CONFIG_HOME ?? '', 'pkg', 'credentials.json');
    expect(readFileSync(file, 'utf8')).toContain(token);
    const { statSync } = await import('node:fs');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await cli(['whoami'], work.dir)).stdout).toContain(`alice on ${server.url}`);
  });

  test('init, then publish three versions', async () => {
    expect((await cli(['init', 'weather', '--namespace', 'alice', '--name', 'weather'], work.dir)).code).toBe(
      0,
    );
    for (const version of ['1.0.0', '1.1.0', '2.0.0']) {
      setVersion(skill, version);
      const run = await cli(['publish', 'weather'], work.dir);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`published @alice/weather@${version}`);
      expect(run.stdout).toContain("the registry's record matches the local archive");
    }
    const again = await cli(['publish', 'weather'], work.dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('error VERSION_EXISTS');
    expect(again.stderr).toContain('hint:');
  });

  test('install by range picks the highest match and writes pkg.json and pkg-lock.json', async () => {
    mkdirSync(project);
    const run = await cli(['install', '@alice/weather@^1.0.0'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('installed @alice/weather@1.1.0');
    expect(run.stdout).toMatch(
      /✓ signed by SHA256:\S+; log entry \d+, included in the checkpoint of size \d+/,
    );
    expect(existsSync(path.join(project, '.pkg/packages/@alice/weather/manifest.json'))).toBe(true);
    expect(readJson(path.join(project, 'pkg.json'))).toEqual({
      packages: {
        '@alice/weather': {
          range: '^1.0.0',
          permissions: { fs: { read: [], write: [] }, network: [], env: [] },
        },
      },
    });
    const lock = readJson(path.join(project, 'pkg-lock.json')) as {
      packages: Record<string, Record<string, unknown>>;
    };
    expect(lock.packages['@alice/weather']).toMatchObject({
      version: '1.1.0',
      integrity: expect.stringMatching(/^sha256-[0-9a-f]{64}$/),
      registry: server.url,
      download: `${server.url}/packages/alice/weather/1.1.0/download`,
      // The installed files, by Go's h1: hash and file by file (docs/trust.md, "What the CLI checks").
      files: expect.stringMatching(/^h1:[A-Za-z0-9+/]{43}=$/),
      fileHashes: expect.objectContaining({ 'manifest.json': expect.stringMatching(/^[0-9a-f]{64}$/) }),
    });
  });

  test('install from the lock file in a fresh directory fetches exactly the pinned version', async () => {
    setVersion(skill, '1.2.0');
    expect((await cli(['publish', 'weather'], work.dir)).code).toBe(0);
    mkdirSync(fresh);
    cpSync(path.join(project, 'pkg.json'), path.join(fresh, 'pkg.json'));
    cpSync(path.join(project, 'pkg-lock.json'), path.join(fresh, 'pkg-lock.json'));
    const lockBefore = readFileSync(path.join(fresh, 'pkg-lock.json'), 'utf8');
    const files = ['pkg.json', 'pkg-lock.json'].map((file) => path.join(fresh, file));
    const statsBefore = files.map((file) => statSync(file));
    const run = await cli(['install'], fresh);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('installed @alice/weather@1.1.0');
    expect(run.stdout).toContain('from pkg-lock.json');
    expect(readFileSync(path.join(fresh, 'pkg-lock.json'), 'utf8')).toBe(lockBefore);
    // Nothing in them changed, so neither was rewritten: the same files, as they were.
    expect(files.map((file) => [statSync(file).ino, statSync(file).mtimeMs])).toEqual(
      statsBefore.map((stats) => [stats.ino, stats.mtimeMs]),
    );
  });

  test('verify checks bytes, package, provenance and the direct URL without installing', async () => {
    const run = await cli(['verify', '@alice/weather@2.0.0'], work.dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('verified @alice/weather@2.0.0');
    expect(run.stdout).toContain('provenance agrees');
    expect(run.stdout).toContain('direct artifact URL serves the same bytes');
    expect(existsSync(path.join(work.dir, '.pkg'))).toBe(false);
  });

  test('run a tool of the installed package', async () => {
    const run = await cli(['run', '@alice/weather', 'hello', '--input', '{"name":"Ada"}'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ greeting: 'Hello, Ada!' });
  });

  test('list, info and search', async () => {
    expect((await cli(['list'], project)).stdout).toContain('@alice/weather@1.1.0');
    const info = await cli(['info', '@alice/weather'], project);
    expect(info.stdout).toContain('latest:   2.0.0');
    expect(info.stdout).toContain('published');
    const search = await cli(['search', 'WEATH', '--json'], project);
    expect((JSON.parse(search.stdout) as { results: { name: string }[] }).results.map((r) => r.name)).toEqual(
      ['@alice/weather'],
    );
  });

  test('remove uninstalls and updates both files', async () => {
    const run = await cli(['remove', '@alice/weather'], project);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(project, '.pkg/packages/@alice/weather'))).toBe(false);
    expect(readJson(path.join(project, 'pkg.json'))).toEqual({ packages: {} });
    expect(readJson(path.join(project, 'pkg-lock.json'))).toEqual({ lockfileVersion: 1, packages: {} });
  });
});
