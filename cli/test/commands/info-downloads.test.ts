// pkg info shows the package's downloads of the last 7 days (docs/registry-api.md, "Download
// counts"), as the registry counted them: 0 before any download, then the downloads of every
// version once the server has written them; --json carries the same number.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishAsNewOwner, startTestServer, type TestServer } from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

let server: TestServer;
let home: { dir: string; cleanup: () => void };
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // Written only when the test flushes (deps.registry.downloads.flush()).
  server = await startTestServer({
    env: { PKG_DOWNLOADS_FLUSH_MS: '3600000', PKG_RATE_LIMIT_PUBLIC: '0' },
  });
  await publishAsNewOwner(server, { namespace: 'acme', name: 'clock', version: '1.0.0' });
  home = tempDir('pkg-info-home-');
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

const info = (...args: string[]) => runCli(['info', '@acme/clock', ...args], { cwd: home.dir, env });

describe('pkg info', () => {
  test('a package never downloaded: 0 in the last 7 days', async () => {
    const run = await info();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('latest:   1.0.0\ndownloads: 0 in the last 7 days\n');
  });

  test('after 1,203 downloads are written: the count, grouped, and in --json', async () => {
    for (let i = 0; i < 1203; i++) {
      const res = await fetch(`${server.url}/packages/acme/clock/1.0.0/download`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    await server.deps.registry.downloads.flush();
    const run = await info();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('downloads: 1,203 in the last 7 days');
    const json = await info('--json');
    expect((JSON.parse(json.stdout) as { weeklyDownloads: number }).weeklyDownloads).toBe(1203);
  });
});
