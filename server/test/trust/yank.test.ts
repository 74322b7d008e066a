// Yank, unyank and deprecate (docs/trust.md, "Yank and deprecate"): owners and maintainers only,
// each a log entry; `latest` skips yanked versions and unyank restores it; the version record,
// the package document and search show the marks (search leaves out a package whose every version
// is yanked).
import type { VersionRecord } from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issueToken } from '../../src/services/registry/token-service.js';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let alice: string;
let bob: string;
let carol: string;

function call(method: string, path: string, token: string | undefined, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function latest(): Promise<string> {
  const doc = (await (await fetch(`${server.url}/packages/alice/tool`)).json()) as { latest: string };
  return doc.latest;
}

beforeAll(async () => {
  server = await startTestServer();
  alice = (await createUser(server.deps.registry, 'alice')).token.token;
  bob = (await createUser(server.deps.registry, 'bob')).token.token;
  carol = (await createUser(server.deps.registry, 'carol')).token.token;
  for (const version of ['1.0.0', '1.1.0', '2.0.0-beta.1']) {
    const pkg = await buildPackage({ namespace: 'alice', name: 'tool', version });
    expect((await publishArchive(server.url, alice, pkg.bytes)).status).toBe(201);
  }
  await call('PUT', '/namespaces/alice/maintainers/carol', alice);
});
afterAll(() => server.close());

describe('yank and unyank', () => {
  test('a yanked version is not latest, is marked everywhere, and is a log entry', async () => {
    expect(await latest()).toBe('1.1.0');
    const res = await call('POST', '/packages/alice/tool/1.1.0/yank', alice, { reason: 'broken build' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { name: string; versions: string[]; logIndex: number };
    expect(answer).toEqual({ name: '@alice/tool', versions: ['1.1.0'], logIndex: 3 });
    expect(await latest()).toBe('1.0.0');
    const record = (await (await fetch(`${server.url}/packages/alice/tool/1.1.0`)).json()) as VersionRecord;
    expect(record.yanked).toEqual({ reason: 'broken build', by: 'alice', at: expect.any(String) });
    const doc = (await (await fetch(`${server.url}/packages/alice/tool`)).json()) as {
      versions: { version: string; yanked: unknown }[];
    };
    expect(doc.versions.find((v) => v.version === '1.1.0')?.yanked).toMatchObject({ reason: 'broken build' });
    expect(doc.versions.find((v) => v.version === '1.0.0')?.yanked).toBeNull();
    const entry = (await (await fetch(`${server.url}/log/entries/3`)).json()) as {
      kind: string;
      body: string;
    };
    expect(entry.kind).toBe('yank');
    expect(entry.body).toMatch(
      /^pkg-log\/v1 yank\npackage @alice\/tool\nversion 1\.1\.0\nreason broken build\nby alice\nat /,
    );
  });

  test('unyank restores latest', async () => {
    const res = await call('DELETE', '/packages/alice/tool/1.1.0/yank', carol);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { logIndex: number }).logIndex).toBe(4);
    expect(await latest()).toBe('1.1.0');
    const record = (await (await fetch(`${server.url}/packages/alice/tool/1.1.0`)).json()) as VersionRecord;
    expect(record.yanked).toBeNull();
  });

  test('a maintainer may yank through tRPC too', async () => {
    const res = await fetch(`${server.url}/trpc/packages.yank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${carol}` },
      body: JSON.stringify({ json: { namespace: 'alice', name: 'tool', version: '1.0.0', reason: 'old' } }),
    });
    expect(res.status).toBe(200);
    await call('DELETE', '/packages/alice/tool/1.0.0/yank', carol);
  });

  test('every version yanked: latest stays the highest, and search shows the package marked yanked', async () => {
    for (const v of ['1.0.0', '1.1.0', '2.0.0-beta.1'])
      await call('POST', `/packages/alice/tool/${v}/yank`, alice, { reason: 'all gone' });
    expect(await latest()).toBe('1.1.0');
    const search = (await (await fetch(`${server.url}/packages/search?q=tool`)).json()) as {
      results: { name: string; yanked: boolean }[];
    };
    expect(search.results.find((r) => r.name === '@alice/tool')).toMatchObject({ yanked: true });
    for (const v of ['1.0.0', '1.1.0', '2.0.0-beta.1'])
      await call('DELETE', `/packages/alice/tool/${v}/yank`, alice);
    expect(await latest()).toBe('1.1.0');
  });

  test.each([
    ['no token', undefined, 401, 'UNAUTHENTICATED'],
    ['neither owner nor maintainer', 'bob', 403, 'FORBIDDEN'],
  ])('%s → %i', async (_, who, status, code) => {
    const token = who === 'bob' ? bob : undefined;
    const res = await call('POST', '/packages/alice/tool/1.0.0/yank', token, { reason: 'mine now' });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    const record = (await (await fetch(`${server.url}/packages/alice/tool/1.0.0`)).json()) as VersionRecord;
    expect(record.yanked).toBeNull();
  });

  test('a token limited to other namespaces is TOKEN_SCOPE', async () => {
    const scoped = await issueToken(server.deps.registry, 'alice', {
      kind: 'publish',
      namespaces: ['other'],
    });
    const res = await call('POST', '/packages/alice/tool/1.0.0/yank', scoped.token, { reason: 'x' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('TOKEN_SCOPE');
  });

  test.each([
    ['a missing reason', '/packages/alice/tool/1.0.0/yank', {}, 400, 'BAD_REQUEST'],
    ['a reason with a line break', '/packages/alice/tool/1.0.0/yank', { reason: 'a\nb' }, 400, 'BAD_REQUEST'],
    ['an unknown version', '/packages/alice/tool/9.9.9/yank', { reason: 'x' }, 404, 'NOT_FOUND'],
  ])('%s → %i', async (_, path, body, status, code) => {
    const res = await call('POST', path, alice, body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });
});

describe('deprecate', () => {
  test('marks the versions the range matches, and an empty message lifts it', async () => {
    const res = await call('PUT', '/packages/alice/tool/deprecation', alice, {
      range: '<1.1.0',
      message: 'use 1.1',
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { versions: string[]; logIndex: number };
    expect(answer.versions).toEqual(['1.0.0']);
    const record = (await (await fetch(`${server.url}/packages/alice/tool/1.0.0`)).json()) as VersionRecord;
    expect(record.deprecated).toEqual({ message: 'use 1.1', by: 'alice', at: expect.any(String) });
    const entry = (await (await fetch(`${server.url}/log/entries/${answer.logIndex}`)).json()) as {
      kind: string;
    };
    expect(entry.kind).toBe('deprecate');
    const lifted = await call('PUT', '/packages/alice/tool/deprecation', alice, {
      range: '<1.1.0',
      message: '',
    });
    expect(lifted.status).toBe(200);
    const after = (await (await fetch(`${server.url}/packages/alice/tool/1.0.0`)).json()) as VersionRecord;
    expect(after.deprecated).toBeNull();
  });

  test('the deprecation of latest shows in search', async () => {
    await call('PUT', '/packages/alice/tool/deprecation', alice, { range: '*', message: 'unmaintained' });
    const search = (await (await fetch(`${server.url}/packages/search?q=tool`)).json()) as {
      results: { deprecated: string | null }[];
    };
    expect(search.results[0]?.deprecated).toBe('unmaintained');
    await call('PUT', '/packages/alice/tool/deprecation', alice, { range: '*', message: '' });
  });

  test.each([
    ['not a range', { range: 'not a range!', message: 'x' }, 400, 'BAD_REQUEST'],
    ['no version matches', { range: '>5', message: 'x' }, 404, 'NOT_FOUND'],
  ])('%s → %i', async (_, body, status, code) => {
    const res = await call('PUT', '/packages/alice/tool/deprecation', alice, body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  test('bob may not deprecate', async () => {
    const res = await call('PUT', '/packages/alice/tool/deprecation', bob, { range: '*', message: 'x' });
    expect(res.status).toBe(403);
  });
});
