// The per-process metadata cache across two server processes sharing one database: an answer
// is never stale once a publish through the other process has answered 201, a failed publish
// leaves nothing cached behind, and the ready-made JSON answers carry the bytes and ETag of
// the procedure's output. Two in-process apps on one store stand in for two processes.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createModels } from '../../src/db/models/index.js';
import { createPackageRevisions } from '../../src/cache/package-revisions.js';
import { packageResponse, versionResponse } from '../../src/cache/package-responses.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startSharedStore, type SharedStore } from '../helpers/shared-store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let store: SharedStore;
let a: TestServer;
let b: TestServer;
let token: string;

beforeAll(async () => {
  store = await startSharedStore();
  a = await startTestServer({ mongodbUri: store.uri });
  b = await startTestServer({ mongodbUri: store.uri });
  token = (await createUser(a.deps.registry, 'cachey')).token.token;
});
afterAll(async () => {
  await a.close();
  await b.close();
  await store.stop();
});

async function publish(name: string, version: string): Promise<number> {
  return (
    await publishArchive(a.url, token, (await buildPackage({ namespace: 'cachey', name, version })).bytes)
  ).status;
}

async function json<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as T };
}

interface PackageBody {
  latest: string;
  versions: { version: string }[];
}

describe('two processes on one database', () => {
  test('every publish through one is seen by the other as soon as it answered 201', async () => {
    expect(await publish('pkg', '1.0.0')).toBe(201);
    for (const version of ['1.1.0', '1.2.0', '2.0.0-beta.1', '1.3.0']) {
      // read (and cache) through b, publish through a, read through b again
      expect((await json(`${b.url}/packages/cachey/pkg`)).status).toBe(200);
      expect((await json(`${b.url}/packages/cachey/pkg/versions`)).status).toBe(200);
      expect(await publish('pkg', version)).toBe(201);
      const pkg = await json<PackageBody>(`${b.url}/packages/cachey/pkg`);
      expect(pkg.body.versions.map((v) => v.version)).toContain(version);
      const list = await json<{ versions: { version: string }[] }>(`${b.url}/packages/cachey/pkg/versions`);
      expect(list.body.versions.map((v) => v.version)).toContain(version);
      expect((await json(`${b.url}/packages/cachey/pkg/${version}`)).status).toBe(200);
    }
    const final = await json<PackageBody>(`${b.url}/packages/cachey/pkg`);
    expect(final.body.latest).toBe('1.3.0');
    expect(final.body.versions.map((v) => v.version)).toEqual([
      '1.0.0',
      '1.1.0',
      '1.2.0',
      '2.0.0-beta.1',
      '1.3.0',
    ]);
  });

  test('a package first published through one process is found by the other that missed it', async () => {
    expect((await json(`${b.url}/packages/cachey/late`)).status).toBe(404);
    expect((await json(`${b.url}/packages/cachey/late/1.0.0`)).status).toBe(404);
    expect(await publish('late', '1.0.0')).toBe(201);
    expect((await json(`${b.url}/packages/cachey/late`)).status).toBe(200);
    expect((await json(`${b.url}/packages/cachey/late/1.0.0`)).status).toBe(200);
  });

  test('a failed publish bumps the revision, so no process keeps a list with its removed version', async () => {
    expect(await publish('fault', '4.0.0')).toBe(201);
    expect(await publish('other', '5.0.0')).toBe(201);
    // A real refusal by the database: the summary write of fault@5.0.0 (latest 5.0.0) collides.
    await a.deps.db
      .collection('packages')
      .createIndex({ latest: 1 }, { unique: true, name: 'fault_injection' });
    const before = await a.deps.models.Package.findOne({ id: '@cachey/fault' }).lean();
    expect((await json(`${b.url}/packages/cachey/fault`)).status).toBe(200);
    const res = await publishArchive(
      a.url,
      token,
      (await buildPackage({ namespace: 'cachey', name: 'fault', version: '5.0.0' })).bytes,
    );
    expect(res.status).toBe(503);
    await a.deps.db.collection('packages').dropIndex('fault_injection');
    const after = await a.deps.models.Package.findOne({ id: '@cachey/fault' }).lean();
    expect(after?.revision).toBeGreaterThan(before?.revision ?? 0);
    const pkg = await json<PackageBody>(`${b.url}/packages/cachey/fault`);
    expect(pkg.body.versions.map((v) => v.version)).toEqual(['4.0.0']);
    expect((await json(`${b.url}/packages/cachey/fault/5.0.0`)).status).toBe(404);
  });

  test('a version cached while uncommitted is dropped once its removal bumped the revision', async () => {
    expect(await publish('window', '1.0.0')).toBe(201);
    const doc = await a.deps.models.Version.findOne(
      { namespace: 'cachey', name: 'window' },
      { _id: 0 },
    ).lean();
    // What a publish looks like between its version write and its summary write:
    await a.deps.models.Version.create({ ...doc, version: '1.1.0' });
    expect((await json(`${b.url}/packages/cachey/window/1.1.0`)).status).toBe(200);
    expect((await json<PackageBody>(`${b.url}/packages/cachey/window`)).body.versions).toHaveLength(2);
    // ...and its rollback, as publish-service does it.
    await a.deps.models.Version.deleteOne({ namespace: 'cachey', name: 'window', version: '1.1.0' });
    await a.deps.models.Package.updateOne({ namespace: 'cachey', name: 'window' }, { $inc: { revision: 1 } });
    expect((await json(`${b.url}/packages/cachey/window/1.1.0`)).status).toBe(404);
    expect((await json<PackageBody>(`${b.url}/packages/cachey/window`)).body.versions).toHaveLength(1);
  });
});

describe('ready-made JSON answers', () => {
  test('carry the bytes and the ETag of the REST answer, and follow publishes through the other process', async () => {
    expect(await publish('bytes', '1.0.0')).toBe(201);
    const ref = { namespace: 'cachey', name: 'bytes' };
    for (const version of ['1.0.1', '1.0.2']) {
      const rest = await fetch(`${b.url}/packages/cachey/bytes`);
      const answer = await packageResponse(b.deps.registry, ref);
      expect(answer.body).toBe(await rest.text());
      expect(answer.etag).toBe(rest.headers.get('etag'));
      expect(await publish('bytes', version)).toBe(201);
      expect(JSON.parse((await packageResponse(b.deps.registry, ref)).body)).toMatchObject({
        latest: version,
      });
    }
    const rest = await fetch(`${b.url}/packages/cachey/bytes/1.0.2`);
    const answer = await versionResponse(b.deps.registry, { ...ref, version: '1.0.2' }, b.url);
    expect(answer.body).toBe(await rest.text());
    expect(answer.etag).toBe(rest.headers.get('etag'));
  });

  test('unknown packages and versions are NOT_FOUND, never cached', async () => {
    const missing = { namespace: 'cachey', name: 'nope' };
    await expect(packageResponse(b.deps.registry, missing)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      versionResponse(b.deps.registry, { namespace: 'cachey', name: 'bytes', version: '9.9.9' }, b.url),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('revision reads', () => {
  test('reads asked in one turn share one query, sent after they were asked for', async () => {
    const connection = await mongoose.createConnection(store.uri, { monitorCommands: true }).asPromise();
    let finds = 0;
    connection.getClient().on('commandStarted', (event) => {
      if (event.commandName === 'find') finds += 1;
    });
    const revisions = createPackageRevisions(createModels(connection));
    const refs = Array.from({ length: 100 }, (_, i) => ({
      namespace: 'cachey',
      name: i % 2 ? 'pkg' : `missing-${i}`,
    }));
    const answers = await Promise.all(refs.map((ref) => revisions.read(ref)));
    expect(answers.filter((r) => r === null)).toHaveLength(50);
    expect(answers.filter((r) => typeof r === 'number' && r > 0)).toHaveLength(50);
    // the query is sent once the turn's reads are all asked: the 100 share it
    expect(finds).toBe(1);
    // a read asked while a query runs waits for it, then is answered by the next one
    const during = await Promise.all([
      revisions.read({ namespace: 'cachey', name: 'pkg' }),
      new Promise<number | null>((resolve) =>
        setImmediate(() => resolve(revisions.read({ namespace: 'cachey', name: 'pkg' }))),
      ),
    ]);
    expect(during[0]).toBe(during[1]);
    expect(finds).toBe(3);
    await connection.close();
  });
});
