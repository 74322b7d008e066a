// The tool schemas an install has checked (src/install/checked-schemas.ts): their digests are kept
// in $XDG_CACHE_HOME/pkg/schemas/, one list for the running build, so that the next install of the
// same schemas compiles nothing; a damaged list, or one of another build, changes nothing a user
// sees.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
const work = tempDir('pkg-checked-schemas-');

beforeAll(async () => {
  server = await startTestServer();
  const owner = (await createUser(server.deps.registry, 'acme')).token.token;
  const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version: '1.0.0' });
  expect((await publishArchive(server.url, owner, pkg.bytes)).status).toBe(201);
});
afterAll(async () => {
  await server.close();
  work.cleanup();
});

const home = path.join(work.dir, 'home');
const env = () => ({
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, '.config'),
  XDG_CACHE_HOME: path.join(home, '.cache'),
  PKG_REGISTRY: server.url,
  PKG_TOKEN: '',
});
const listDir = path.join(home, '.cache', 'pkg', 'schemas');
const lists = () => (existsSync(listDir) ? readdirSync(listDir).sort() : []);
const seed = path.join(work.dir, 'seed');
let n = 0;

/** `pkg install` from the lock of `seed`, in a new project. */
async function installFromLock() {
  const dir = path.join(work.dir, `project-${n++}`);
  mkdirSync(dir);
  for (const file of ['pkg.json', 'pkg-lock.json']) copyFileSync(path.join(seed, file), path.join(dir, file));
  const run = await runCli(['install'], { cwd: dir, env: env() });
  return {
    ...run,
    installed: existsSync(path.join(dir, '.pkg', 'packages', '@acme', 'clock', 'manifest.json')),
  };
}

describe('the digests of checked tool schemas', () => {
  test('are kept by an install, one list for this build, and serve the next install from the lock', async () => {
    mkdirSync(seed);
    const first = await runCli(['install', '@acme/clock'], { cwd: seed, env: env() });
    expect(first.code, first.stderr).toBe(0);
    expect(lists()).toEqual([expect.stringMatching(/^install\.js-\d+-\d+\.json$/)]);
    const file = path.join(listDir, lists()[0] ?? '');
    const digests = JSON.parse(readFileSync(file, 'utf8')) as string[];
    // the scaffold's tool has an input and an output schema
    expect(digests).toEqual([expect.stringMatching(/=$/), expect.stringMatching(/=$/)]);

    const again = await installFromLock();
    expect([again.code, again.installed]).toEqual([0, true]);
    expect(again.stdout).toContain('installed @acme/clock@1.0.0');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(digests);
  });

  test('a damaged list is checked again in full and replaced; lists of other builds are removed', async () => {
    const [name] = lists();
    const file = path.join(listDir, name ?? '');
    const digests = readFileSync(file, 'utf8');
    writeFileSync(file, '["not a digest"');
    writeFileSync(path.join(listDir, 'install.js-1-1.json'), '[]');
    const run = await installFromLock();
    expect([run.code, run.installed]).toEqual([0, true]);
    expect(lists()).toEqual([name]);
    expect(readFileSync(file, 'utf8')).toBe(digests);
  });
});
