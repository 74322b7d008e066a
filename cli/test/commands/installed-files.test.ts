// The installed files are checked again before anything runs (docs/trust.md, "What the CLI
// checks"): pkg-lock.json holds Go's h1: hash of a package's files and each file's hash, as
// `pkg install` records them (installedRecord); `pkg verify` audits them and names each file that
// changed, appeared or went missing; `pkg run` refuses a package whose files changed. The project
// is written as an install leaves it. The registry's part against the real server is in
// test/e2e/trust-commands.test.ts; here, a registry older than signing.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { initTRPC } from '@trpc/server';
import { createHTTPServer } from '@trpc/server/adapters/standalone';
import superjson from 'superjson';
import { writeInstalledProject } from '../helpers/installed-project.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

const home = tempDir('pkg-files-home-');
afterAll(home.cleanup);
const env = { HOME: home.dir, XDG_CONFIG_HOME: path.join(home.dir, '.config'), PKG_TOKEN: '' };

const installedProject = (registry?: string) =>
  writeInstalledProject({ env, ...(registry === undefined ? {} : { registry }) });

const hello = ['run', '@acme/clock', 'hello', '--input', '{"name":"Ada"}'];

describe('installed files', () => {
  test('an untouched install verifies and runs as before', async () => {
    const p = installedProject();
    const verify = await p.cli('verify', '--files');
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toBe('audited 1 package\n1 package has verified files\n');
    const json = await p.cli('--json', 'verify', '--files');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      problems: [],
      packages: [{ name: '@acme/clock', version: '1.0.0', files: { status: 'verified' } }],
    });
    const run = await p.cli(...hello);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ greeting: 'Hello, Ada!' });
    expect(run.stderr).not.toContain('pkg-lock.json');
    p.work.cleanup();
  });

  test('an edited tool file: pkg verify names it and exits 1; pkg run refuses, naming it', async () => {
    const p = installedProject();
    const original = readFileSync(p.installed('tools/hello.js'));
    writeFileSync(p.installed('tools/hello.js'), "export default async () => ({ greeting: 'pwned' });\n");
    const verify = await p.cli('verify', '--files');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toBe(
      'audited 1 package\n0 packages have verified files\n1 package has changed files: @acme/clock (tools/hello.js changed)\n',
    );
    expect(verify.stderr).toMatchInlineSnapshot(`
      "error AUDIT_FAILED: pkg verify found 1 problem.
        - @acme/clock: changed files: tools/hello.js changed [PACKAGE_MODIFIED]
      hint: Reinstall a package whose files changed (pkg install <package>); report a failed signature or log check to the registry operator.
      "
    `);
    const run = await p.cli(...hello);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatchInlineSnapshot(`
      "error PACKAGE_MODIFIED: The installed files of @acme/clock changed since it was installed (tools/hello.js changed); nothing was run.
        - @acme/clock/tools/hello.js: changed [FILE_MODIFIED]
      hint: Reinstall it to get the published files back: pkg install @acme/clock
      "
    `);
    const json = await p.cli('--json', ...hello);
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as { error: { code: string } }).error.code).toBe('PACKAGE_MODIFIED');

    writeFileSync(p.installed('tools/hello.js'), original);
    expect((await p.cli('verify', '--files')).code).toBe(0);
    expect((await p.cli(...hello)).code).toBe(0);
    p.work.cleanup();
  });

  test('an added file and a missing file are named too', async () => {
    const p = installedProject();
    writeFileSync(p.installed('tools/extra.js'), 'export default 1;\n');
    rmSync(p.installed('SKILL.md'));
    const verify = await p.cli('verify', '--files');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain(
      '1 package has changed files: @acme/clock (SKILL.md missing, tools/extra.js added)',
    );
    const run = await p.cli(...hello);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('(SKILL.md missing, tools/extra.js added); nothing was run.');
    p.work.cleanup();
  });

  test('file hashes edited in pkg-lock.json no longer match its h1: hash', async () => {
    const p = installedProject();
    const lock = p.lock();
    const hashes = lock.packages['@acme/clock']?.fileHashes ?? {};
    hashes['tools/hello.js'] = 'f'.repeat(64);
    writeFileSync(p.lockFile, JSON.stringify(lock));
    const verify = await p.cli('verify', '--files');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('@acme/clock ((pkg-lock.json: its file hashes) changed)');
    p.work.cleanup();
  });

  test('a lock file written before the hashes were recorded still reads; verify says to reinstall', async () => {
    const p = installedProject();
    const lock = p.lock();
    const entry = lock.packages['@acme/clock'] ?? {};
    delete entry.files;
    delete entry.fileHashes;
    delete entry.logIndex;
    writeFileSync(p.lockFile, JSON.stringify(lock, null, 2));
    const verify = await p.cli('verify', '--files');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain(
      '1 package has no recorded file hashes (reinstall to record them): @acme/clock',
    );
    expect(verify.stderr).toContain(
      'pkg-lock.json records no hashes of its files; reinstall it to record them: pkg install @acme/clock [FILES_NOT_RECORDED]',
    );
    const run = await p.cli(...hello);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('pkg: warning: pkg-lock.json records no hashes of the files of @acme/clock');
    p.work.cleanup();
  });

  test('no lock file: nothing to audit', async () => {
    const work = tempDir('pkg-files-empty-');
    const verify = await runCli(['verify', '--files'], { cwd: work.dir, env });
    expect(verify.code).toBe(0);
    expect(verify.stdout).toBe(`No packages are installed in ${work.dir}.\n`);
    work.cleanup();
  });
});

describe('pkg verify checks signatures too', () => {
  // A registry older than signing: its router has none of the trust procedures (tRPC answers
  // "No procedure found"), as a registry before docs/trust.md does.
  let server: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    const t = initTRPC.create({ transformer: superjson });
    const http = createHTTPServer({ router: t.router({}), basePath: '/trpc/' });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    server = {
      url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => http.close(() => resolve())),
    };
  });
  afterAll(async () => {
    await server.close();
  });

  test('a registry that does not sign versions is a named failure', async () => {
    const p = installedProject(server.url);
    const verify = await p.cli('verify');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toBe(
      'audited 1 package\n1 package has verified files\n0 packages have verified registry signatures and log inclusion\n',
    );
    expect(verify.stderr).toContain(
      `  - ${server.url}: the registry does not sign versions yet: the signatures of @acme/clock were not checked [REGISTRY_UNSIGNED]`,
    );
    p.work.cleanup();
  });
});
