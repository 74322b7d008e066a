// POST /publish, walked through docs/registry-api.md ("Publish", "Errors", "Provenance"): the 201
// body, every error row it can produce, the namespace and version state transitions, provenance,
// and the concurrent-publish race.
import { scaffold, writeArchive } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { issueToken } from '../../src/services/registry/token-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer();
  alice = (await createUser(server.deps.registry, 'alice')).token.token;
  bob = (await createUser(server.deps.registry, 'bob')).token.token;
});
afterAll(() => server.close());

async function errorOf(res: Response) {
  const body = (await res.json()) as {
    error: { code: string; message: string; details: { path?: string; code: string }[] };
  };
  return { status: res.status, ...body.error };
}

describe('a successful publish', () => {
  test('answers 201 with name, version, integrity, size and download path, and claims the namespace', async () => {
    const pkg = await buildPackage({ namespace: 'alice', name: 'greeter', version: '1.0.0' });
    const res = await publishArchive(server.url, alice, pkg.bytes, { 'x-pkg-client': 'pkg/0.1.0' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      name: '@alice/greeter',
      version: '1.0.0',
      integrity: pkg.integrity,
      size: pkg.size,
      download: '/packages/alice/greeter/1.0.0/download',
    });
    const ns = (await (await fetch(`${server.url}/namespaces/alice`)).json()) as { owner: string };
    expect(ns.owner).toBe('alice');
  });

  test('records provenance with every listed member', async () => {
    const res = await fetch(`${server.url}/packages/alice/greeter/1.0.0/provenance`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { provenance: Record<string, unknown> };
    expect(body.location).toEqual({
      backend: 'gridfs',
      url: expect.stringMatching(/\/artifacts\/[0-9a-f]{64}\/alice-greeter-1\.0\.0\.tar\.gz$/),
    });
    expect(body.provenance).toEqual({
      schemaVersion: 1,
      recorded: true,
      registryApiVersion: 2,
      package: '@alice/greeter',
      version: '1.0.0',
      namespace: 'alice',
      publisher: { user: 'alice', via: 'token' },
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      artifact: {
        integrity: expect.stringMatching(/^sha256-[0-9a-f]{64}$/),
        size: expect.any(Number),
        format: 'tar.gz',
        filename: 'alice-greeter-1.0.0.tar.gz',
      },
      manifestSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      client: { name: 'pkg', version: '0.1.0' },
    });
  });
});

describe('errors of POST /publish', () => {
  test('401 UNAUTHENTICATED without a token, with a malformed one and with an unknown one', async () => {
    const pkg = await buildPackage({ namespace: 'alice', name: 'anon' });
    for (const token of [undefined, 'not-a-token', `pkg_${'x'.repeat(43)}`]) {
      const e = await errorOf(await publishArchive(server.url, token, pkg.bytes));
      expect([e.status, e.code]).toEqual([401, 'UNAUTHENTICATED']);
    }
  });

  test('403 FORBIDDEN in a namespace owned by someone else', async () => {
    const pkg = await buildPackage({ namespace: 'alice', name: 'intruder' });
    const e = await errorOf(await publishArchive(server.url, bob, pkg.bytes));
    expect([e.status, e.code]).toEqual([403, 'FORBIDDEN']);
  });

  test.each(['pkg', 'official'])('403 NAMESPACE_RESERVED in %s', async (namespace) => {
    const pkg = await buildPackage({ namespace, name: 'claim' });
    const e = await errorOf(await publishArchive(server.url, alice, pkg.bytes));
    expect([e.status, e.code]).toEqual([403, 'NAMESPACE_RESERVED']);
  });

  test('403 TOKEN_SCOPE for a publish token outside its namespaces', async () => {
    const scoped = await issueToken(server.deps.registry, 'bob', { namespaces: ['bob'] });
    const pkg = await buildPackage({ namespace: 'bob-other', name: 'x' });
    const e = await errorOf(await publishArchive(server.url, scoped.token, pkg.bytes));
    expect([e.status, e.code]).toEqual([403, 'TOKEN_SCOPE']);
    const inside = await buildPackage({ namespace: 'bob', name: 'x' });
    expect((await publishArchive(server.url, scoped.token, inside.bytes)).status).toBe(201);
  });

  test('409 VERSION_EXISTS for the same content and for different content; the stored bytes stay', async () => {
    const first = await buildPackage({ namespace: 'alice', name: 'immutable', version: '2.0.0' });
    expect((await publishArchive(server.url, alice, first.bytes)).status).toBe(201);
    const same = await errorOf(await publishArchive(server.url, alice, first.bytes));
    expect([same.status, same.code]).toEqual([409, 'VERSION_EXISTS']);
    const other = await buildPackage({
      namespace: 'alice',
      name: 'immutable',
      version: '2.0.0',
      description: 'Changed.',
    });
    const diff = await errorOf(await publishArchive(server.url, alice, other.bytes));
    expect([diff.status, diff.code]).toEqual([409, 'VERSION_EXISTS']);
    const download = await fetch(`${server.url}/packages/alice/immutable/2.0.0/download`);
    expect(download.headers.get('x-pkg-integrity')).toBe(first.integrity);
  });

  test('413 PAYLOAD_TOO_LARGE for a body over 5 MB, declared or streamed', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    const declared = await errorOf(await publishArchive(server.url, alice, big));
    expect([declared.status, declared.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const chunks = (function* () {
      for (let i = 0; i < 6; i++) yield new Uint8Array(1024 * 1024);
    })();
    const streamed = await fetch(`${server.url}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/gzip' },
      body: ReadableStream.from(chunks),
      duplex: 'half',
    });
    expect((await errorOf(streamed)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('422 INVALID_PACKAGE lists every problem in details', async () => {
    const broken = scaffold({ namespace: 'alice', name: 'broken', description: 'Broken on purpose.' });
    broken.set('schemas/hello.input.json', '{"type": 12}');
    broken.set('SKILL.md', '# no front matter');
    const files = [...broken].map(([file, text]) => ({
      path: file,
      data: new TextEncoder().encode(text),
      executable: false,
    }));
    const e = await errorOf(await publishArchive(server.url, alice, writeArchive(files)));
    expect([e.status, e.code]).toEqual([422, 'INVALID_PACKAGE']);
    expect(e.details.length).toBeGreaterThan(0);
    expect(e.details.map((d) => d.path)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('schemas/hello.input.json'),
        expect.stringContaining('SKILL.md'),
      ]),
    );
    const garbage = await errorOf(
      await publishArchive(server.url, alice, new TextEncoder().encode('not gzip at all')),
    );
    expect([garbage.status, garbage.code, garbage.details[0]?.code]).toEqual([
      422,
      'INVALID_PACKAGE',
      'ARCHIVE_NOT_GZIP',
    ]);
  });

  test('400 BAD_REQUEST for a body that is not application/gzip', async () => {
    const res = await fetch(`${server.url}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});

describe('two concurrent publishes of one version', () => {
  test('exactly one 201, the other 409, and no orphaned artifact', async () => {
    const a = await buildPackage({ namespace: 'alice', name: 'race', version: '1.0.0' });
    const b = await buildPackage({
      namespace: 'alice',
      name: 'race',
      version: '1.0.0',
      description: 'The other one.',
    });
    const results = await Promise.all([
      publishArchive(server.url, alice, a.bytes),
      publishArchive(server.url, alice, b.bytes),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const files = await server.deps.db
      .collection('artifacts.files')
      .find({ filename: 'alice-race-1.0.0.tar.gz' })
      .toArray();
    expect(files).toHaveLength(1);
  });
});

describe('storage failures leave nothing published', () => {
  test('502 ARTIFACT_STORAGE_FAILED when GridFS refuses the write', async () => {
    const isolated = await startTestServer();
    const token = (await createUser(isolated.deps.registry, 'carol')).token.token;
    // A real refusal by the backend: a unique index that every chunk insert after the first hits.
    await isolated.deps.db
      .collection('artifacts.chunks')
      .createIndex({ n: 1 }, { unique: true, name: 'fault_injection' });
    const first = await buildPackage({ namespace: 'carol', name: 'one' });
    expect((await publishArchive(isolated.url, token, first.bytes)).status).toBe(201);
    const second = await buildPackage({ namespace: 'carol', name: 'two' });
    const e = await errorOf(await publishArchive(isolated.url, token, second.bytes));
    expect([e.status, e.code]).toEqual([502, 'ARTIFACT_STORAGE_FAILED']);
    expect((await fetch(`${isolated.url}/packages/carol/two`)).status).toBe(404);
    expect(
      await isolated.deps.db.collection('artifacts.files').countDocuments({ filename: /carol-two/ }),
    ).toBe(0);
    await isolated.close();
  });

  test('503 METADATA_WRITE_FAILED when the version write fails, and the artifact is removed', async () => {
    const isolated = await startTestServer();
    const token = (await createUser(isolated.deps.registry, 'dave')).token.token;
    // A real refusal by the database: a unique index on the publisher lets only one version per user in.
    await isolated.deps.db
      .collection('versions')
      .createIndex({ publishedBy: 1 }, { unique: true, name: 'fault_injection' });
    expect(
      (
        await publishArchive(
          isolated.url,
          token,
          (await buildPackage({ namespace: 'dave', name: 'one' })).bytes,
        )
      ).status,
    ).toBe(201);
    const res = await publishArchive(
      isolated.url,
      token,
      (await buildPackage({ namespace: 'dave', name: 'two' })).bytes,
    );
    const retryAfter = res.headers.get('retry-after');
    const e = await errorOf(res);
    expect([e.status, e.code]).toEqual([503, 'METADATA_WRITE_FAILED']);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(
      await isolated.deps.db.collection('artifacts.files').countDocuments({ filename: /dave-two/ }),
    ).toBe(0);
    expect((await fetch(`${isolated.url}/packages/dave/two`)).status).toBe(404);
    await isolated.close();
  });
});
