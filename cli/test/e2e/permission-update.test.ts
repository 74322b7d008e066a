// An update that widens a package's permissions (docs/browsing.md, "The permission diff"): `pkg
// install` names what the new version adds to the one pkg.json and pkg-lock.json record and asks
// for consent again (refused without --accept-permissions, nothing written); with it, the update
// installs. `pkg info` shows the downloads of the last 7 days, the score with its unmet criteria, the trust
// summary and the findings count of the static look.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scaffold, type Manifest } from '@pkg/shared';
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

async function publishWeather(version: string, network: string[], tool: string) {
  const files = scaffold({ namespace: 'acme', name: 'weather', description: 'Weather.', version });
  const manifest = JSON.parse(files.get('manifest.json') ?? '') as Manifest;
  manifest.permissions.network = network;
  const pkg = await buildPackage({
    namespace: 'acme',
    name: 'weather',
    version,
    description: 'Weather.',
    files: { 'manifest.json': JSON.stringify(manifest), 'tools/hello.js': tool },
  });
  expect((await publishArchive(server.url, owner, pkg.bytes)).status).toBe(201);
}

const tool = (extra: string) =>
  [
    'export default async function hello(input) {',
    "  const res = await fetch('https://api.example.com/v1/greeting');",
    extra,
    '  return { greeting: `${await res.text()} ${input.name}` };',
    '}',
    '',
  ].join('\n');

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  await publishWeather('1.0.0', ['api.example.com'], tool(''));
});
afterAll(() => server.close());

describe('an update that adds a network host', () => {
  test('asks for consent again and shows the added host; with --accept-permissions it installs', async () => {
    const work = tempDir('pkg-widen-');
    const env = {
      HOME: work.dir,
      XDG_CONFIG_HOME: path.join(work.dir, '.config'),
      PKG_REGISTRY: server.url,
      PKG_TOKEN: '',
    };
    const first = await runCli(['install', '@acme/weather', '--accept-permissions'], { cwd: work.dir, env });
    expect(first.code, first.stderr).toBe(0);
    await publishWeather(
      '1.1.0',
      ['api.example.com', 'extra.example.com'],
      tool('  const k = process.env.TOKEN;'),
    );
    const files = () =>
      ['pkg.json', 'pkg-lock.json'].map((f) => readFileSync(path.join(work.dir, f), 'utf8')).join('\n');
    const before = files();

    const refused = await runCli(['install', '@acme/weather@1.1.0'], { cwd: work.dir, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      '@acme/weather 1.1.0 asks for more than 1.0.0: network extra.example.com (added)',
    );
    expect(refused.stderr).toContain('error PERMISSIONS_REQUIRED');
    expect(refused.stderr).toContain('--accept-permissions');
    expect(files()).toBe(before);

    const accepted = await runCli(['install', '@acme/weather@1.1.0', '--accept-permissions'], {
      cwd: work.dir,
      env,
    });
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stderr).toContain(
      'pkg: @acme/weather 1.1.0 asks for more than 1.0.0: network extra.example.com (added); granted by --accept-permissions',
    );
    const lock = JSON.parse(readFileSync(path.join(work.dir, 'pkg-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string }>;
    };
    expect(lock.packages['@acme/weather']?.version).toBe('1.1.0');

    const again = await runCli(['install', '@acme/weather@1.1.0'], { cwd: work.dir, env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('asks for more');
    work.cleanup();
  });

  test('pkg info shows the score, the trust summary and the findings count', async () => {
    const work = tempDir('pkg-info-');
    const env = { HOME: work.dir, XDG_CONFIG_HOME: path.join(work.dir, '.config'), PKG_REGISTRY: server.url };
    const info = await runCli(['info', '@acme/weather'], { cwd: work.dir, env });
    expect(info.code, info.stderr).toBe(0);
    expect(info.stdout).toMatch(/^downloads: [\d,]+ in the last 7 days$/m);
    expect(info.stdout).toContain('score of 1.1.0: 67/100, not met:');
    expect(info.stdout).toContain(
      '  Permissions no wider than the tools use: declared but not in the tool code: network extra.example.com',
    );
    expect(info.stdout).toContain(
      '  Published by trusted publishing: published via token, not by trusted publishing from a CI build',
    );
    expect(info.stdout).toMatch(/^ {2}signed {4}by key SHA256:\S+$/m);
    expect(info.stdout).toMatch(/^ {2}log {7}entry \d+$/m);
    expect(info.stdout).toContain('  build     none recorded (not published by trusted publishing)');
    expect(info.stdout).toContain(
      'findings of the static look at the code: 1 (1 undeclared-env; pkg info --json lists them)',
    );
    const json = await runCli(['info', '@acme/weather@1.0.0', '--json'], { cwd: work.dir, env });
    const parsed = JSON.parse(json.stdout) as { insights: { version: string; findings: unknown[] } };
    expect(parsed.insights).toMatchObject({ version: '1.0.0', findings: [] });
    work.cleanup();
  });
});
