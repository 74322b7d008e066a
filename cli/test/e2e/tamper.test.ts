// Tampering is caught before extraction. A proxy in front of the real registry alters one
// thing at a time: a byte of the artifact, the x-pkg-integrity header, or the manifest of the
// version record. In each case nothing lands in .pkg/packages and pkg.json and pkg-lock.json
// stay byte-identical. Also: permission consent, and a failed upgrade restoring the previous
// version.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scaffold } from '@pkg/shared';
import {
  buildPackage,
  createUser,
  publishArchive,
  startTestServer,
  type TestServer,
} from '@pkg/server/testing';
import { startRegistryProxy, type RegistryProxy, type Tamper } from '../helpers/registry-proxy.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

let server: TestServer;
let proxy: RegistryProxy;
let proxyUrl: string;
let tamper: Tamper | undefined;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  for (const version of ['1.0.0', '1.1.0']) {
    const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version });
    expect((await publishArchive(server.url, owner, pkg.bytes)).status).toBe(201);
  }
  proxy = await startRegistryProxy(server.url, { tamper: () => tamper });
  proxyUrl = proxy.url;
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const isDownload = (req: IncomingMessage) => /\/download$/.test(req.url ?? '');

/** A project that already has @acme/clock@1.0.0 installed through the proxy, untouched. */
async function projectWithClock() {
  const work = tempDir('pkg-tamper-');
  const env = {
    HOME: work.dir,
    XDG_CONFIG_HOME: path.join(work.dir, '.config'),
    PKG_REGISTRY: proxyUrl,
    PKG_TOKEN: '',
  };
  tamper = undefined;
  const first = await runCli(['install', '@acme/clock@1.0.0'], { cwd: work.dir, env });
  expect(first.code, first.stderr).toBe(0);
  const snapshot = () => ({
    manifest: readFileSync(path.join(work.dir, 'pkg.json'), 'utf8'),
    lock: readFileSync(path.join(work.dir, 'pkg-lock.json'), 'utf8'),
    installed: readFileSync(path.join(work.dir, '.pkg/packages/@acme/clock/manifest.json'), 'utf8'),
    packages: readdirSync(path.join(work.dir, '.pkg/packages/@acme')),
  });
  return { work, env, before: snapshot(), snapshot };
}

describe('tampering is caught before extraction', () => {
  test.each<[string, Tamper, RegExp]>([
    [
      'one byte of the artifact altered',
      (req, _s, headers, body) => {
        if (isDownload(req)) body[body.length >> 1] = (body[body.length >> 1] ?? 0) ^ 0xff;
        return { headers, body };
      },
      /hash to sha256-[0-9a-f]{64}, not sha256-/,
    ],
    [
      'a wrong x-pkg-integrity header',
      (req, _s, headers, body) => ({
        headers: isDownload(req) ? { ...headers, 'x-pkg-integrity': `sha256-${'0'.repeat(64)}` } : headers,
        body,
      }),
      /x-pkg-integrity header .* is sha256-0{64}/,
    ],
    [
      "a version record whose manifest differs from the archive's",
      (req, _s, headers, body) => {
        // The record may share its tRPC batch with the trust step's requests (one URL, one body).
        if (!/^\/trpc\/[^?]*packages\.version/.test(req.url ?? '')) return { headers, body };
        return {
          headers,
          body: Buffer.from(body.toString('utf8').replace('Greets someone by name.', 'Greets everyone.')),
        };
      },
      /manifest the registry recorded .* differs from the manifest inside the archive/,
    ],
  ])('%s: refused, nothing changes', async (_label, alter, message) => {
    const { work, env, before, snapshot } = await projectWithClock();
    tamper = alter;
    const run = await runCli(['install', '@acme/clock@1.1.0'], { cwd: work.dir, env });
    tamper = undefined;
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('error INTEGRITY_MISMATCH');
    expect(snapshot()).toEqual(before);
    expect(
      readdirSync(path.join(work.dir, '.pkg/tmp'), { withFileTypes: true }).filter((e) => e.isDirectory()),
    ).toEqual([]);
    work.cleanup();
  });
});

describe('permission consent', () => {
  test('an install requesting ungranted permissions stops; --accept-permissions records the grant', async () => {
    const files = scaffold({
      namespace: 'acme',
      name: 'reader',
      description: 'Reads the notes folder.',
      version: '1.0.0',
    });
    const manifest = JSON.parse(files.get('manifest.json') ?? '') as { permissions: Record<string, unknown> };
    manifest.permissions = {
      fs: { read: ['notes'], write: [] },
      network: ['api.example.com'],
      env: ['NOTES_TOKEN'],
    };
    const pkg = await buildPackage({
      namespace: 'acme',
      name: 'reader',
      description: 'Reads the notes folder.',
      files: { 'manifest.json': JSON.stringify(manifest) },
    });
    expect((await publishArchive(server.url, owner, pkg.bytes)).status).toBe(201);

    const work = tempDir('pkg-consent-');
    const env = {
      HOME: work.dir,
      XDG_CONFIG_HOME: path.join(work.dir, '.config'),
      PKG_REGISTRY: server.url,
      PKG_TOKEN: '',
    };
    const refused = await runCli(['install', '@acme/reader'], { cwd: work.dir, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error PERMISSIONS_REQUIRED');
    for (const line of ['read files: notes', 'network: api.example.com', 'environment variable: NOTES_TOKEN'])
      expect(refused.stderr).toContain(line);
    expect(refused.stderr).toContain('--accept-permissions');
    expect(existsSync(path.join(work.dir, 'pkg.json'))).toBe(false);
    expect(existsSync(path.join(work.dir, '.pkg/packages/@acme/reader'))).toBe(false);

    const accepted = await runCli(['install', '@acme/reader', '--accept-permissions'], {
      cwd: work.dir,
      env,
    });
    expect(accepted.code, accepted.stderr).toBe(0);
    const granted = JSON.parse(readFileSync(path.join(work.dir, 'pkg.json'), 'utf8')) as {
      packages: Record<string, { permissions: unknown }>;
    };
    expect(granted.packages['@acme/reader']?.permissions).toEqual(manifest.permissions);
    work.cleanup();
  });
});

describe('a failed upgrade', () => {
  test('restores the previous version when the new one fails the runtime loader', async () => {
    const { work, env, before, snapshot } = await projectWithClock();
    // 1.2.0 passes the registry's validator but not the runtime loader: its package.json makes
    // the .js tool entry CommonJS, which the loader refuses (it would not load as an ES module).
    const broken = await buildPackage({
      namespace: 'acme',
      name: 'clock',
      version: '1.2.0',
      files: { 'package.json': '{"type": "commonjs"}\n' },
    });
    expect((await publishArchive(server.url, owner, broken.bytes)).status).toBe(201);
    const run = await runCli(['install', '@acme/clock@1.2.0'], { cwd: work.dir, env });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('TOOL_ENTRY_NOT_MODULE');
    expect(snapshot()).toEqual(before);
    const listed = await runCli(['run', '@acme/clock', 'hello', '--input', '{"name":"still 1.0.0"}'], {
      cwd: work.dir,
      env,
    });
    expect(JSON.parse(listed.stdout)).toEqual({ greeting: 'Hello, still 1.0.0!' });
    work.cleanup();
  });
});
