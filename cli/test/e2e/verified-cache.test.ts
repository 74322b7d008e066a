// The verified-record cache (docs/trust.md, "The verified-record cache"), against the real server
// behind a proxy that lists what the CLI asks for: an install from the lock with a warm cache asks
// for the checkpoint and the download only; a new log entry (a publish, a yank) makes it ask for
// the record, the keys and the proof again, and reports what the registry now says; an entry
// changed on disk is not used, and the full checks run as without a cache; a forked log is
// refused as without a cache.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildPackage,
  createUser,
  publishArchive,
  startTestServer,
  type TestServer,
} from '@pkg/server/testing';
import { startRegistryProxy, type RegistryProxy } from '../helpers/registry-proxy.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { startTrustServer } from '../helpers/trust-server.js';

let server: TestServer;
let owner: string;
let proxy: RegistryProxy;
let proxyUrl: string;
/** What the CLI asked the registry for: each tRPC procedure of a batch, or `download`. */
let asked: string[] = [];
const work = tempDir('pkg-verified-cache-');

const publish = async (version: string) => {
  const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version });
  expect((await publishArchive(server.url, owner, pkg.bytes)).status).toBe(201);
};

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  for (const version of ['1.0.0', '1.1.0']) await publish(version);
  proxy = await startRegistryProxy(server.url, {
    onRequest: (req) => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      if (url.pathname.startsWith('/trpc/'))
        asked.push(...decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(','));
      else asked.push(url.pathname.endsWith('/download') ? 'download' : url.pathname);
    },
  });
  proxyUrl = proxy.url;
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  work.cleanup();
});

const FULL = ['download', 'log.checkpoint', 'log.inclusion', 'packages.version', 'trust.keys'];
const WARM = ['download', 'log.checkpoint'];

/** A user (its own HOME: its own trust state and cache) with a project that pins `version`. */
async function userWithLock(name: string, version: string) {
  const home = path.join(work.dir, name);
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    PKG_REGISTRY: proxyUrl,
    PKG_TOKEN: '',
  };
  const seed = path.join(home, 'seed');
  mkdirSync(seed, { recursive: true });
  const first = await runCli(['install', `@acme/clock@${version}`], { cwd: seed, env });
  expect(first.code, first.stderr).toBe(0);
  let n = 0;
  /** `pkg install` from the lock in a new project; `asked`: what it asked for, sorted and distinct. */
  const fromLock = async (...args: string[]) => {
    const dir = path.join(home, `project-${n++}`);
    mkdirSync(dir);
    for (const file of ['pkg.json', 'pkg-lock.json'])
      copyFileSync(path.join(seed, file), path.join(dir, file));
    asked = [];
    const run = await runCli(['install', ...args], { cwd: dir, env });
    const lock = readFileSync(path.join(dir, 'pkg-lock.json'), 'utf8');
    return { ...run, asked: [...new Set(asked)].sort(), lock };
  };
  const cacheDir = path.join(home, '.cache/pkg/verified', `127.0.0.1_${new URL(proxyUrl).port}`);
  const cacheFile = () => {
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(1);
    return path.join(cacheDir, files[0] ?? '');
  };
  return { fromLock, cacheFile, lock: readFileSync(path.join(seed, 'pkg-lock.json'), 'utf8') };
}

describe('an install from the lock with a warm cache', () => {
  test('asks for the checkpoint and the download only, and installs and reports as before', async () => {
    const user = await userWithLock('warm', '1.0.0');
    const run = await user.fromLock();
    expect(run.code, run.stderr).toBe(0);
    expect(run.asked).toEqual(WARM);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /installed @acme\/clock@1\.0\.0 \(.*\) from pkg-lock\.json\n(.*\n)* {2}✓ signed by SHA256:\S+; log entry 0, included in the checkpoint of size 2\n/,
    );
    expect(run.lock).toBe(user.lock);
  });

  test('a new log entry since (a publish): the full checks, then the refreshed entry serves', async () => {
    const user = await userWithLock('grown', '1.1.0');
    await publish('1.2.0');
    const after = await user.fromLock();
    expect(after.code, after.stderr).toBe(0);
    expect(after.asked).toEqual([...FULL, 'log.consistency'].sort());
    expect(after.lock).toBe(user.lock);
    const again = await user.fromLock();
    expect(again.code, again.stderr).toBe(0);
    expect(again.asked).toEqual(WARM);
  });

  test('a version yanked since the cache was filled: installed with the warning, as without a cache', async () => {
    const user = await userWithLock('yanked', '1.0.0');
    const yank = await fetch(`${server.url}/packages/acme/clock/1.0.0/yank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'leaks the time zone' }),
    });
    expect(yank.status).toBe(200);
    const run = await user.fromLock('--json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.asked).toEqual([...FULL, 'log.consistency'].sort());
    expect(run.stderr).toBe(
      'pkg: @acme/clock@1.0.0 is yanked (leaks the time zone); installed because pkg-lock.json pins it\n',
    );
    const { installed } = JSON.parse(run.stdout) as { installed: { yanked: string | null }[] };
    expect(installed[0]?.yanked).toBe('leaks the time zone');
    // The refreshed entry holds the record as it is now: still reported from the cache.
    const again = await user.fromLock('--json');
    expect(again.asked).toEqual(WARM);
    expect(again.stderr).toBe(run.stderr);
  });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
type Entry = { record: string; recordSha256: string; inclusion: { proof: string[]; leafHash: string } };

describe('a cache entry changed on disk is not used: the full checks run', () => {
  test.each<[string, (text: string) => string]>([
    ['cut short', (text) => text.slice(0, text.length >> 1)],
    [
      'not of the entry shape',
      (text) => JSON.stringify({ ...(JSON.parse(text) as object), cacheVersion: 2 }),
    ],
    [
      'its record changed, its hash not',
      (text) => text.replace(/Greets someone by name\./, 'Greets everyone.'),
    ],
    [
      'its record changed and hashed again (the signature fails)',
      (text) => {
        const entry = JSON.parse(text) as Entry;
        const record = JSON.stringify({ ...(JSON.parse(entry.record) as object), publishedBy: 'mallory' });
        return JSON.stringify({ ...entry, record, recordSha256: sha256(record) });
      },
    ],
    [
      'its inclusion proof changed',
      (text) => {
        const entry = JSON.parse(text) as Entry;
        const leafHash = Buffer.alloc(32, 7).toString('base64');
        return JSON.stringify({ ...entry, inclusion: { ...entry.inclusion, leafHash } });
      },
    ],
  ])('%s', async (label, change) => {
    const user = await userWithLock(`tampered-${label.replace(/\W+/g, '-')}`, '1.1.0');
    const file = user.cacheFile();
    writeFileSync(file, change(readFileSync(file, 'utf8')));
    const run = await user.fromLock();
    expect(run.code, run.stderr).toBe(0);
    expect(run.asked).toEqual(FULL);
    expect(run.stderr).toBe('');
    expect(run.lock).toBe(user.lock);
    // The entry is written again from what the registry answered.
    expect((await user.fromLock()).asked).toEqual(WARM);
  });
});

describe('a warm cache and a registry that serves a forked log', () => {
  test('another root at the size the cache was filled at: refused as forked, nothing installed', async () => {
    const registry = await startTrustServer(['1.0.0']);
    try {
      const home = path.join(work.dir, 'forked');
      const env = {
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, '.config'),
        PKG_REGISTRY: registry.url,
        PKG_TOKEN: '',
      };
      const seed = path.join(home, 'seed');
      mkdirSync(seed, { recursive: true });
      const first = await runCli(['install', '@acme/clock@1.0.0'], { cwd: seed, env });
      expect(first.code, first.stderr).toBe(0);
      await registry.forgeCheckpoint(1);
      const dir = path.join(home, 'project');
      mkdirSync(dir);
      for (const file of ['pkg.json', 'pkg-lock.json'])
        copyFileSync(path.join(seed, file), path.join(dir, file));
      const run = await runCli(['install'], { cwd: dir, env });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('error LOG_FORKED');
      expect(existsSync(path.join(dir, '.pkg/packages'))).toBe(false);
      expect(readFileSync(path.join(dir, 'pkg-lock.json'), 'utf8')).toBe(
        readFileSync(path.join(seed, 'pkg-lock.json'), 'utf8'),
      );
    } finally {
      await registry.close();
    }
  });
});
