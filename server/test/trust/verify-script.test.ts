// docs/trust.md, "Checking a version yourself": the script of the page, taken from its code block
// and run with node against a running server, prints its success line; once the record's
// integrity is changed in the database, it fails.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildPackage, publishAsNewOwner, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const DOC = path.resolve(import.meta.dirname, '../../../docs/trust.md');
let server: TestServer;
let dir: string;
let script: string;

function docScript(): string {
  const text = readFileSync(DOC, 'utf8');
  const section = text.slice(text.indexOf('## Checking a version yourself'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error('docs/trust.md has no js block under "Checking a version yourself"');
  return match[1];
}

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, server.url, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  server = await startTestServer({ env: { PKG_LOG_ORIGIN: 'registry.test/log' } });
  dir = mkdtempSync(path.join(tmpdir(), 'pkg-verify-script-'));
  script = path.join(dir, 'verify-version.mjs');
  writeFileSync(script, docScript());
  const token = await publishAsNewOwner(server, { namespace: 'acme', name: 'weather', version: '1.0.0' });
  for (const version of ['1.1.0', '1.2.0']) {
    const pkg = await buildPackage({ namespace: 'acme', name: 'weather', version });
    expect((await publishArchive(server.url, token, pkg.bytes, { 'x-pkg-client': 'pkg/0.1.0' })).status).toBe(
      201,
    );
  }
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test.each(['1.0.0', '1.1.0', '1.2.0'])('the script checks @acme/weather@%s', async (version) => {
  const { code, stdout, stderr } = await run('acme', 'weather', version);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const keyid = (await server.deps.registry.models.SigningKey.findOne({}).lean())?.keyid;
  const index = ['1.0.0', '1.1.0', '1.2.0'].indexOf(version);
  expect(stdout).toBe(
    `@acme/weather@${version}: signed by ${keyid}, entry ${index} of registry.test/log (size 3)\n`,
  );
});

test('a record changed in the database fails the check', async () => {
  const { Version, Package } = server.deps.registry.models;
  const ref = { namespace: 'acme', name: 'weather', version: '1.1.0' };
  await Version.updateOne(ref, { $set: { integrity: `sha256-${'0'.repeat(64)}` } });
  // The server's cached answers are per package revision: make it read the changed record.
  await Package.updateOne({ namespace: 'acme', name: 'weather' }, { $inc: { revision: 1 } });
  const { code, stdout, stderr } = await run('acme', 'weather', '1.1.0');
  expect(code).not.toBe(0);
  expect(stdout).toBe('');
  expect(stderr).toMatch(/the signature by SHA256:\S+ does not verify/);
});
