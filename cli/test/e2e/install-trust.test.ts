// pkg install checks every version it installs against the registry's signature and log
// (docs/trust.md, "What the CLI checks"), against the real server: a normal install records the
// log index; a record changed in the database is refused naming the signature that failed; a
// registry that serves another history than the one the CLI saw is refused as forked. A refused
// install leaves the project exactly as it was.
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { startTrustServer, type TrustServer } from '../helpers/trust-server.js';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

/** A user with a fresh trust directory and an empty project. */
function user(server: TrustServer) {
  const work = tempDir('pkg-install-trust-');
  cleanups.push(work.cleanup);
  const env = {
    HOME: work.dir,
    XDG_CONFIG_HOME: path.join(work.dir, '.config'),
    PKG_REGISTRY: server.url,
    PKG_TOKEN: '',
  };
  const project = path.join(work.dir, 'project');
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);
  const snapshot = () => ({
    manifest: read(path.join(project, 'pkg.json')),
    lock: read(path.join(project, 'pkg-lock.json')),
    packages: existsSync(path.join(project, '.pkg/packages/@acme'))
      ? readdirSync(path.join(project, '.pkg/packages/@acme'))
      : [],
    installed: read(path.join(project, '.pkg/packages/@acme/clock/manifest.json')),
  });
  const install = async (spec: string) => {
    mkdirSync(project, { recursive: true });
    return runCli(['install', spec], { cwd: project, env });
  };
  const lock = () =>
    JSON.parse(read(path.join(project, 'pkg-lock.json')) ?? '{}') as {
      packages: Record<string, { version: string; logIndex?: number | null }>;
    };
  return { install, snapshot, lock };
}

describe('a registry whose records and log are intact', () => {
  let server: TrustServer;
  beforeAll(async () => (server = await startTrustServer(['1.0.0', '1.1.0'])));
  afterAll(() => server.close());

  test('the install records the log index and notes the keys pinned on first use', async () => {
    const u = user(server);
    const run = await u.install('@acme/clock@1.1.0');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /^pkg: pinned the keys of http:\/\/127\.0\.0\.1:\d+ on first use: SHA256:\S+\n$/,
    );
    expect(u.lock().packages['@acme/clock']).toMatchObject({ version: '1.1.0', logIndex: 1 });
    const again = await u.install('@acme/clock@1.0.0');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe('');
    expect(u.lock().packages['@acme/clock']).toMatchObject({ version: '1.0.0', logIndex: 0 });
  });
});

describe('a version record changed in the database', () => {
  let server: TrustServer;
  beforeAll(async () => (server = await startTrustServer(['1.0.0', '1.1.0'])));
  afterAll(() => server.close());

  test('its publisher changed: refused, naming the signature, nothing changes', async () => {
    const u = user(server);
    expect((await u.install('@acme/clock@1.0.0')).code).toBe(0);
    const before = u.snapshot();
    await server.changeRecord('1.1.0', { publishedBy: 'mallory' });
    const run = await u.install('@acme/clock@1.1.0');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error SIGNATURE_INVALID');
    expect(run.stderr).toMatch(/the signature of @acme\/clock@1\.1\.0 by SHA256:\S+ does not verify/);
    expect(u.snapshot()).toEqual(before);
  });
});

describe('a registry that serves a forked log', () => {
  let server: TrustServer;
  beforeAll(async () => (server = await startTrustServer(['1.0.0'])));
  afterAll(() => server.close());

  test('another root at a size the CLI saw: refused as forked, nothing changes', async () => {
    const u = user(server);
    expect((await u.install('@acme/clock@1.0.0')).code).toBe(0);
    const before = u.snapshot();
    await server.forgeCheckpoint(1);
    const run = await u.install('@acme/clock@1.0.0');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error LOG_FORKED');
    expect(run.stderr).toMatch(/the registry's log forked/);
    expect(u.snapshot()).toEqual(before);
  });

  test('a newer checkpoint with no valid consistency proof: refused as forked', async () => {
    await server.publish('1.1.0'); // log size 2: the forged checkpoint of size 1 stays
    const u = user(server);
    const first = await u.install('@acme/clock@1.0.0');
    expect(first.code, first.stderr).toBe(0);
    const before = u.snapshot();
    await server.publish('1.2.0'); // size 3
    await server.forgeCheckpoint(3);
    const run = await u.install('@acme/clock@1.2.0');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error LOG_FORKED');
    expect(run.stderr).toMatch(/the registry's log forked/);
    expect(u.snapshot()).toEqual(before);
  });
});
