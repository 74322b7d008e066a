// Choosing a registry (the documented precedence, shown by `pkg config get registry`), tokens
// (`pkg token create|list|revoke`), logout, and how server errors print: code, message, every
// detail, and what to do next.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser, startTestServer, type TestServer } from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let server: TestServer;
let token: string;
const home = tempDir('pkg-account-');
const env = () => ({
  HOME: home.dir,
  XDG_CONFIG_HOME: path.join(home.dir, '.config'),
  PKG_REGISTRY: '',
  PKG_TOKEN: '',
});

beforeAll(async () => {
  server = await startTestServer();
  token = (await createUser(server.deps.registry, 'tina')).token.token;
});
afterAll(async () => {
  await server.close();
  home.cleanup();
});

describe('pkg config get registry: value and source, highest precedence first', () => {
  test('default, user config, pkg.json, PKG_REGISTRY, --registry', async () => {
    const project = path.join(home.dir, 'project');
    mkdirSync(project, { recursive: true });
    const get = (extraEnv: Record<string, string> = {}, flags: string[] = []) =>
      runCli([...flags, 'config', 'get', 'registry', '--json'], {
        cwd: project,
        env: { ...env(), ...extraEnv },
      }).then((r) => JSON.parse(r.stdout) as { value: string; source: string });
    expect(await get()).toEqual({ key: 'registry', value: 'http://127.0.0.1:8787', source: 'default' });
    expect(
      (
        await runCli(['config', 'set', 'registry', 'http://registry.example.test:9000/'], {
          cwd: project,
          env: env(),
        })
      ).code,
    ).toBe(0);
    expect(await get()).toMatchObject({ value: 'http://registry.example.test:9000', source: 'user-config' });
    writeFileSync(
      path.join(project, 'pkg.json'),
      JSON.stringify({ registry: 'http://project.example.test', packages: {} }),
    );
    expect(await get()).toMatchObject({ value: 'http://project.example.test', source: 'project' });
    expect(await get({ PKG_REGISTRY: 'local' })).toMatchObject({
      value: 'http://127.0.0.1:8787',
      source: 'env',
    });
    expect(await get({ PKG_REGISTRY: 'local' }, ['--registry', 'http://flag.example.test'])).toMatchObject({
      value: 'http://flag.example.test',
      source: 'flag',
    });
    const human = await runCli(['config', 'get', 'registry'], { cwd: project, env: env() });
    expect(human.stdout.trim()).toBe('http://project.example.test  (from pkg.json)');
  });

  test('a registry that is not a URL is invalid input (exit 2)', async () => {
    const run = await runCli(['--registry', 'ftp://x', 'search', 'a'], { cwd: home.dir, env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not an http(s) URL or alias');
  });
});

describe('tokens and logout', () => {
  test('create shows the value once, list never shows it, revoke makes it unusable', async () => {
    const cwd = home.dir;
    const e = { ...env(), PKG_REGISTRY: server.url };
    expect((await runCli(['login', '--token-stdin'], { cwd, env: e, input: token })).code).toBe(0);
    const created = await runCli(
      ['token', 'create', '--label', 'ci', '--namespaces', 'tina', '--expires-in-days', '30', '--json'],
      { cwd, env: e },
    );
    expect(created.code, created.stderr).toBe(0);
    const fresh = JSON.parse(created.stdout) as { id: string; token: string; kind: string };
    expect(fresh.kind).toBe('publish');
    const list = await runCli(['token', 'list'], { cwd, env: e });
    expect(list.stdout).toContain(fresh.id);
    expect(list.stdout).not.toContain(fresh.token);
    expect((await runCli(['whoami'], { cwd, env: { ...e, PKG_TOKEN: fresh.token } })).code).toBe(0);
    expect((await runCli(['token', 'revoke', fresh.id], { cwd, env: e })).stdout).toContain(
      `revoked ${fresh.id}`,
    );
    const refused = await runCli(['whoami'], { cwd, env: { ...e, PKG_TOKEN: fresh.token } });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error UNAUTHENTICATED');
    expect(refused.stderr).toContain('hint: Log in with `pkg login');

    expect((await runCli(['token', 'create', '--expires-in-days', '400'], { cwd, env: e })).code).toBe(2);
    expect((await runCli(['logout'], { cwd, env: e })).stdout).toContain(`logged out of ${server.url}`);
    const after = await runCli(['whoami'], { cwd, env: e });
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('You are not logged in');
  });

  test('login refuses something that is not a token, before any request', async () => {
    const run = await runCli(['login', '--token-stdin'], {
      cwd: home.dir,
      env: { ...env(), PKG_REGISTRY: server.url },
      input: 'hunter2',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).not.toContain('hunter2');
  });
});
