// Legacy JSON bundles imported with the built pkg-admin while the server runs, then read over
// HTTP: the bytes are served verbatim with their own media type and integrity, the version
// carries a provenance record with `recorded: false`, and re-imports are skipped.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { runAdmin } from '../admin/run-admin.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { sampleBundle, type SampleOptions } from './sample-package.js';

let server: TestServer;
let env: Record<string, string>;
let dir: string;

function writeBundle(file: string, o: SampleOptions, extra?: { publishedAt?: string; publishedBy?: string }) {
  const target = path.join(dir, file);
  writeFileSync(target, sampleBundle(o, extra));
  return target;
}

beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(path.join(tmpdir(), 'pkg-legacy-'));
  env = server.storeEnv;
  await createUser(server.deps.registry, 'alice');
  await createUser(server.deps.registry, 'bob');
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pkg-admin import-legacy', () => {
  test('stores the bundle verbatim and serves it with its media type and integrity', async () => {
    const file = writeBundle(
      'forecast.json',
      { namespace: 'legacy', name: 'forecast', version: '0.9.0' },
      {
        publishedAt: '2021-03-04T05:06:07.000Z',
        publishedBy: 'carol',
      },
    );
    const run = await runAdmin(['import-legacy', file, '--owner', 'alice'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('imported @legacy/forecast@0.9.0');

    const bytes = Buffer.from(
      sampleBundle(
        { namespace: 'legacy', name: 'forecast', version: '0.9.0' },
        {
          publishedAt: '2021-03-04T05:06:07.000Z',
          publishedBy: 'carol',
        },
      ),
    );
    const integrity = `sha256-${createHash('sha256').update(bytes).digest('hex')}`;
    const res = await fetch(`${server.url}/packages/legacy/forecast/0.9.0/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pkg.bundle+json');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="legacy-forecast-0.9.0.json"');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(bytes)).toBe(true);
    expect(res.headers.get('x-pkg-integrity')).toBe(
      `sha256-${createHash('sha256').update(body).digest('hex')}`,
    );
    expect(res.headers.get('x-pkg-integrity')).toBe(integrity);

    const record = (await (await fetch(`${server.url}/packages/legacy/forecast/0.9.0`)).json()) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({
      name: '@legacy/forecast',
      version: '0.9.0',
      integrity,
      size: bytes.length,
      publishedAt: '2021-03-04T05:06:07.000Z',
      publishedBy: 'carol',
      artifact: { filename: 'legacy-forecast-0.9.0.json', backend: 'gridfs' },
      provenance: {
        schemaVersion: 1,
        recorded: false,
        registryApiVersion: 2,
        package: '@legacy/forecast',
        publisher: { user: 'carol', via: 'import' },
        artifact: { integrity, size: bytes.length, format: 'json', filename: 'legacy-forecast-0.9.0.json' },
      },
      // Imported versions are signed and logged like publishes (docs/trust.md, "What is signed").
      signatures: [{ keyid: expect.stringMatching(/^SHA256:/), sig: expect.any(String) }],
      log: { index: expect.any(Number) },
      yanked: null,
      deprecated: null,
    });
    const direct = await fetch(String((record.artifact as { url: string }).url));
    expect(direct.headers.get('content-type')).toBe('application/vnd.pkg.bundle+json');
    expect(Buffer.from(await direct.arrayBuffer()).equals(bytes)).toBe(true);

    const ns = (await (await fetch(`${server.url}/namespaces/legacy`)).json()) as Record<string, unknown>;
    expect(ns).toMatchObject({ owner: 'alice', packages: ['@legacy/forecast'] });
    const search = (await (await fetch(`${server.url}/packages/search?q=forecast`)).json()) as {
      results: unknown[];
    };
    expect(search.results).toMatchObject([
      {
        name: '@legacy/forecast',
        description: 'The forecast test skill.',
        latest: '0.9.0',
        yanked: false,
        deprecated: null,
      },
    ]);
  });

  test('skips a version that exists and still imports the other files', async () => {
    const again = writeBundle('forecast-again.json', {
      namespace: 'legacy',
      name: 'forecast',
      version: '0.9.0',
      description: 'Changed.',
    });
    const next = writeBundle('forecast-next.json', {
      namespace: 'legacy',
      name: 'forecast',
      version: '1.0.0',
    });
    const run = await runAdmin(['import-legacy', again, next, '--json'], env);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      results: { status: string; reason?: string }[];
      imported: number;
      skipped: number;
    };
    expect(report).toMatchObject({ imported: 1, skipped: 1, failed: 0 });
    expect(report.results[0]).toMatchObject({
      status: 'skipped',
      reason: '@legacy/forecast@0.9.0 exists already; versions are immutable',
    });
    const versions = (await (await fetch(`${server.url}/packages/legacy/forecast/versions`)).json()) as {
      versions: unknown[];
    };
    expect(versions.versions).toHaveLength(2);
    // The bundle imported first is untouched.
    const old = (await (await fetch(`${server.url}/packages/legacy/forecast/0.9.0`)).json()) as {
      manifest: { description: string };
    };
    expect(old.manifest.description).toBe('The forecast test skill.');
  });

  test('an invalid bundle fails with its problems (exit 2) while valid files are imported', async () => {
    const broken = path.join(dir, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify({
        format: 'pkg-bundle',
        version: 1,
        manifest: { name: 'x' },
        files: { '../evil.js': 'x', '.env': 'SECRET=1' },
      }),
    );
    const good = writeBundle('maps.json', { namespace: 'legacy', name: 'maps' });
    const run = await runAdmin(['import-legacy', broken, good], env);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`failed ${broken}: The bundle is not a valid skill package`);
    expect(run.stdout).toContain('../evil.js: the path "../evil.js" contains a ".." segment');
    expect(run.stdout).toContain('.env: hidden files are never packed');
    expect(run.stdout).toContain('imported @legacy/maps@1.0.0');
    expect(run.stdout).toContain('1 imported, 0 skipped, 1 failed');
    expect(run.stderr).toContain('1 bundle(s) were not imported');
  });

  test.each([
    ['not JSON', 'not json at all', /not UTF-8 JSON/],
    ['the wrong format', JSON.stringify({ format: 'zip', version: 1, manifest: {}, files: {} }), /format/],
  ])('a file that is %s is bad input', async (_label, content, message) => {
    const file = path.join(dir, 'bad.json');
    writeFileSync(file, content);
    const run = await runAdmin(['import-legacy', file, '--json'], env);
    expect(run.code).toBe(2);
    const report = JSON.parse(run.stdout) as {
      results: { status: string; error: { code: string; details: { message: string; path: string }[] } }[];
    };
    expect(report.results[0]?.error.code).toBe('INVALID_PACKAGE');
    expect(report.results[0]?.error.details.map((d) => `${d.path} ${d.message}`).join('\n')).toMatch(message);
  });

  test('a namespace without an owner needs --owner, and a reserved one refuses the import', async () => {
    const file = writeBundle('orphan.json', { namespace: 'orphans', name: 'lost' });
    const run = await runAdmin(['import-legacy', file], env);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('The namespace orphans has no owner yet; pass --owner <user> to claim it.');
    const unknownOwner = await runAdmin(['import-legacy', file, '--owner', 'nobody'], env);
    expect(unknownOwner.code).toBe(2);
    expect(unknownOwner.stdout).toContain('User nobody does not exist.');

    const owned = writeBundle('not-yours.json', { namespace: 'legacy', name: 'stolen' });
    const forbidden = await runAdmin(['import-legacy', owned, '--owner', 'bob'], env);
    expect(forbidden.code).toBe(2);
    expect(forbidden.stdout).toContain(
      'The namespace legacy belongs to alice; import without --owner, or with --owner alice.',
    );

    const reserved = writeBundle('official.json', { namespace: 'official', name: 'core' });
    const refused = await runAdmin(['import-legacy', reserved, '--owner', 'alice'], env);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toContain('The namespace official is reserved');
    expect((await fetch(`${server.url}/packages/official/core`)).status).toBe(404);
  });

  test('a missing file is reported without a stack trace', async () => {
    const run = await runAdmin(['import-legacy', path.join(dir, 'nope.json')], env);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('nope.json is not a readable file.');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/\n\s+at /);
  });
});
