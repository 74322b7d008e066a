// The move to another MongoDB as an operator makes it: packages published with the CLI to
// server A, `pkg-admin db copy --to <second store>`, then server B on the second store serves
// every version, and `pkg install` of each from B passes its integrity checks (SHA-256, size,
// the registry's integrity header) and pins what A recorded. A second copy into the now
// non-empty store is refused.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createUser,
  runAdmin,
  startSharedStore,
  startTestServer,
  type SharedStore,
  type TestServer,
} from '@pkg/server/testing';
import { runCli, tempDir } from '../helpers/run-cli.js';

const VERSIONS = {
  '@alice/weather': ['1.0.0', '1.1.0', '2.0.0'],
  '@alice/notes': ['0.1.0', '0.2.0'],
};

let serverA: TestServer;
let second: SharedStore;
const home = tempDir('pkg-e2e-copy-home-');
const work = tempDir('pkg-e2e-copy-work-');
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  serverA = await startTestServer();
  second = await startSharedStore();
  const token = (await createUser(serverA.deps.registry, 'alice')).token.token;
  env = {
    HOME: home.dir,
    XDG_CONFIG_HOME: path.join(home.dir, '.config'),
    PKG_REGISTRY: serverA.url,
    PKG_TOKEN: token,
  };
});
afterAll(async () => {
  await serverA.close();
  await second.stop();
  home.cleanup();
  work.cleanup();
});

const cli = (args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}) =>
  runCli(args, { cwd, env: { ...env, ...extra } });

function setVersion(dir: string, version: string): void {
  const file = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...manifest, version }, null, 2)}\n`);
}

describe('moving the registry to another store with pkg-admin db copy', () => {
  test('publish every version to server A', async () => {
    for (const [id, versions] of Object.entries(VERSIONS)) {
      const name = id.split('/')[1] ?? '';
      expect((await cli(['init', name, '--namespace', 'alice', '--name', name], work.dir)).code).toBe(0);
      for (const version of versions) {
        setVersion(path.join(work.dir, name), version);
        const run = await cli(['publish', name], work.dir);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(`published ${id}@${version}`);
      }
    }
  });

  test('db copy copies the store of server A into the empty second store and verifies it', async () => {
    const run = await runAdmin(['db', 'copy', '--to', second.uri], serverA.storeEnv);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('verified: document counts and indexes of');
    expect(run.stdout).toContain('5 artifacts');
    expect(run.stdout).toMatch(/versions\s+5 documents/);
  });

  test('pkg install of every version from server B on the copy passes its integrity checks', async () => {
    const serverB = await startTestServer({ mongodbUri: second.uri });
    try {
      for (const [id, versions] of Object.entries(VERSIONS)) {
        for (const version of versions) {
          const project = path.join(work.dir, `project-${id.replace(/\W/g, '-')}-${version}`);
          mkdirSync(project);
          const run = await cli(['install', `${id}@${version}`], project, { PKG_REGISTRY: serverB.url });
          expect(run.code, run.stderr).toBe(0);
          expect(run.stdout).toContain(`installed ${id}@${version}`);
          const lock = JSON.parse(readFileSync(path.join(project, 'pkg-lock.json'), 'utf8')) as {
            packages: Record<string, { integrity: string; registry: string }>;
          };
          const [namespace, name] = id.slice(1).split('/');
          const recorded = await serverA.deps.models.Version.findOne({ namespace, name, version }).lean();
          expect(lock.packages[id]).toMatchObject({ integrity: recorded?.integrity, registry: serverB.url });
          const verify = await cli(['verify', `${id}@${version}`], project, { PKG_REGISTRY: serverB.url });
          expect(verify.code, verify.stderr).toBe(0);
          expect(verify.stdout).toContain(`verified ${id}@${version}`);
        }
      }
    } finally {
      await serverB.close();
    }
  });

  test('a second copy into the store that now holds the registry is refused', async () => {
    const run = await runAdmin(['db', 'copy', '--to', second.uri], serverA.storeEnv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not empty: it holds');
    expect(run.stderr).toContain('versions (5 documents)');
  });
});
