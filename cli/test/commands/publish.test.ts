// What a new author does first: `pkg init demo && pkg publish --dry-run demo` works offline,
// without a login, and uploads nothing; plain `publish` says that it needs `pkg login`.
import { createServer, type Server } from 'node:net';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';

const { dir, cleanup } = tempDir('pkg-cli-publish-');
let connections = 0;
let server: Server;
let registry = '';

beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  registry = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  cleanup();
});

// No credentials anywhere, and a registry that would count any connection.
const offline = () => ({
  HOME: join(dir, 'home'),
  XDG_CONFIG_HOME: join(dir, 'config'),
  PKG_REGISTRY: registry,
  HTTP_PROXY: registry,
  HTTPS_PROXY: registry,
});

describe('pkg publish', () => {
  test('pkg init demo && pkg publish --dry-run demo succeeds with no network and no login', async () => {
    const init = await runCli(['init', 'demo', '--namespace', 'acme'], { cwd: dir, env: offline() });
    expect(init.code).toBe(0);
    const publish = await runCli(['publish', '--dry-run', 'demo'], { cwd: dir, env: offline() });
    expect(publish.stderr).toBe('');
    expect(publish.code).toBe(0);
    expect(publish.stdout).toContain('dry run: @acme/demo@0.1.0 would be published');
    expect(publish.stdout).toMatch(/integrity: sha256-[0-9a-f]{64}/);
    expect(connections).toBe(0);
    // Nothing written: the working directory holds only the package.
    expect(readdirSync(dir).filter((f) => f !== 'home' && f !== 'config')).toEqual(['demo']);
  });

  test('--json prints the dry-run summary', async () => {
    const { code, stdout } = await runCli(['--json', 'publish', '--dry-run', 'demo'], {
      cwd: dir,
      env: offline(),
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      dryRun: true,
      name: '@acme/demo',
      version: '0.1.0',
      filename: 'acme-demo-0.1.0.tar.gz',
      integrity: expect.stringMatching(/^sha256-[0-9a-f]{64}$/),
      size: expect.any(Number),
      files: [
        'SKILL.md',
        'manifest.json',
        'schemas/hello.input.json',
        'schemas/hello.output.json',
        'tools/hello.js',
      ],
    });
    expect(connections).toBe(0);
  });

  test('without --dry-run and without a login it fails (exit 1) before any connection, pointing at pkg login', async () => {
    const { code, stderr } = await runCli(['publish', 'demo'], {
      cwd: dir,
      env: { ...offline(), PKG_TOKEN: '' },
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`error UNAUTHENTICATED: You are not logged in to ${registry}.`);
    expect(stderr).toContain(`hint: Run pkg login --registry ${registry}`);
    expect(connections).toBe(0);
  });

  test('an invalid package is exit 2 with its problems', async () => {
    await runCli(['init', 'bad', '--namespace', 'acme'], { cwd: dir });
    rmSync(join(dir, 'bad', 'tools', 'hello.js'));
    const { code, stderr } = await runCli(['publish', '--dry-run', 'bad'], { cwd: dir, env: offline() });
    expect(code).toBe(2);
    expect(stderr).toContain(
      '  - manifest.json#/tools/0/entry: the entry file tools/hello.js of tool "hello" is missing [TOOL_ENTRY_MISSING]',
    );
  });
});
