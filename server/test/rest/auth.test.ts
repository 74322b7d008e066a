// Authentication and token management (docs/registry-api.md, "Authenticated endpoints"):
// whoami, token creation (value once), listing (never values), revocation and expiry, and
// maintainers managed by the namespace owner with a managing token.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let now = new Date('2026-11-23T12:00:00.000Z');
let owner: string;
let helper: string;

beforeAll(async () => {
  server = await startTestServer({ clock: () => now });
  owner = (await createUser(server.deps.registry, 'olivia')).token.token;
  helper = (await createUser(server.deps.registry, 'hugo')).token.token;
  const pkg = await buildPackage({ namespace: 'olivia', name: 'tools' });
  expect((await publishArchive(server.url, owner, pkg.bytes)).status).toBe(201);
});
afterAll(() => server.close());

function call(method: string, p: string, token?: string, body?: unknown) {
  return fetch(`${server.url}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}
async function errorCode(res: Response) {
  return [res.status, ((await res.json()) as { error: { code: string } }).error.code];
}

describe('GET /auth/whoami', () => {
  test('names the user, the namespaces and the token, never its value', async () => {
    const res = await call('GET', '/auth/whoami', owner);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      user: 'olivia',
      namespaces: ['olivia'],
      owns: ['olivia'],
      maintains: [],
      token: {
        id: expect.stringMatching(/^tok_[A-Za-z0-9]{16}$/),
        kind: 'manage',
        label: 'created with the user',
        namespaces: null,
        createdAt: expect.any(String),
        expiresAt: null,
        lastUsedAt: expect.any(String),
      },
    });
    expect(body).not.toContain(owner);
  });

  test('401 UNAUTHENTICATED without a token', async () => {
    expect(await errorCode(await call('GET', '/auth/whoami'))).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('tokens', () => {
  test('created (value once), listed without values, used, revoked, then refused', async () => {
    const created = await call('POST', '/auth/tokens', owner, {
      label: 'ci',
      namespaces: ['olivia'],
      expiresInDays: 30,
    });
    expect(created.status).toBe(201);
    const token = (await created.json()) as {
      id: string;
      token: string;
      kind: string;
      expiresAt: string;
      namespaces: string[];
    };
    expect(token).toMatchObject({
      kind: 'publish',
      namespaces: ['olivia'],
      token: expect.stringMatching(/^pkg_[A-Za-z0-9]{40,}$/),
    });
    expect(new Date(token.expiresAt).getTime() - now.getTime()).toBe(30 * 86_400_000);

    const list = await call('GET', '/auth/tokens', owner);
    const listed = await list.text();
    expect(listed).not.toContain(token.token);
    expect((JSON.parse(listed) as { tokens: { id: string }[] }).tokens.map((t) => t.id)).toContain(token.id);

    expect((await call('GET', '/auth/whoami', token.token)).status).toBe(200);
    const revoked = await call('DELETE', `/auth/tokens/${token.id}`, owner);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id: token.id, revoked: true });
    expect(await errorCode(await call('GET', '/auth/whoami', token.token))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await errorCode(await call('DELETE', `/auth/tokens/${token.id}`, owner))).toEqual([
      404,
      'NOT_FOUND',
    ]);
  });

  test('a token expires after expiresInDays', async () => {
    const token = (await (await call('POST', '/auth/tokens', owner, { expiresInDays: 1 })).json()) as {
      token: string;
    };
    expect((await call('GET', '/auth/whoami', token.token)).status).toBe(200);
    const before = now;
    now = new Date(before.getTime() + 86_400_000 + 1);
    try {
      const res = await call('GET', '/auth/whoami', token.token);
      expect(await errorCode(res)).toEqual([401, 'UNAUTHENTICATED']);
    } finally {
      now = before;
    }
  });

  test.each<[unknown, string]>([
    [{ expiresInDays: 366 }, 'expiresInDays over 365'],
    [{ expiresInDays: 0 }, 'expiresInDays 0'],
    [{ namespaces: ['Not A Namespace'] }, 'a bad namespace'],
    [{ label: 'x', extra: true }, 'an unknown member'],
    [[1, 2], 'an array body'],
  ])('400 BAD_REQUEST for %o (%s)', async (body) => {
    expect(await errorCode(await call('POST', '/auth/tokens', owner, body))).toEqual([400, 'BAD_REQUEST']);
  });

  test('400 BAD_REQUEST for malformed JSON', async () => {
    expect(await errorCode(await call('POST', '/auth/tokens', owner, '{"label":'))).toEqual([
      400,
      'BAD_REQUEST',
    ]);
  });

  test('a publish token on a managing route is 403 TOKEN_SCOPE', async () => {
    const publishToken = ((await (await call('POST', '/auth/tokens', owner, {})).json()) as { token: string })
      .token;
    for (const [method, p] of [
      ['GET', '/auth/tokens'],
      ['POST', '/auth/tokens'],
      ['DELETE', '/auth/tokens/tok_0000000000000000'],
      ['PUT', '/namespaces/olivia/maintainers/hugo'],
    ] as const) {
      expect(
        await errorCode(await call(method, p, publishToken, method === 'POST' ? {} : undefined)),
      ).toEqual([403, 'TOKEN_SCOPE']);
    }
  });

  test("another user's token id is 404 NOT_FOUND", async () => {
    const mine = (await (await call('POST', '/auth/tokens', owner, {})).json()) as { id: string };
    expect(await errorCode(await call('DELETE', `/auth/tokens/${mine.id}`, helper))).toEqual([
      404,
      'NOT_FOUND',
    ]);
  });
});

describe('maintainers', () => {
  test('the owner adds a maintainer, who may then publish; removed, they may not', async () => {
    const pkg = await buildPackage({ namespace: 'olivia', name: 'shared-work', version: '1.0.0' });
    expect(await errorCode(await publishArchive(server.url, helper, pkg.bytes))).toEqual([403, 'FORBIDDEN']);

    const added = await call('PUT', '/namespaces/olivia/maintainers/hugo', owner);
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ namespace: 'olivia', owner: 'olivia', maintainers: ['hugo'] });
    expect((await publishArchive(server.url, helper, pkg.bytes)).status).toBe(201);
    expect(await (await call('GET', '/auth/whoami', helper)).json()).toMatchObject({
      maintains: ['olivia'],
      namespaces: ['olivia'],
    });

    const removed = await call('DELETE', '/namespaces/olivia/maintainers/hugo', owner);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ maintainers: [] });
    const next = await buildPackage({ namespace: 'olivia', name: 'shared-work', version: '1.1.0' });
    expect(await errorCode(await publishArchive(server.url, helper, next.bytes))).toEqual([403, 'FORBIDDEN']);
  });

  test('only the owner may change maintainers; unknown users and namespaces are 404', async () => {
    expect(await errorCode(await call('PUT', '/namespaces/olivia/maintainers/hugo', helper))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    expect(await errorCode(await call('PUT', '/namespaces/olivia/maintainers/nobody', owner))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(await errorCode(await call('PUT', '/namespaces/ghost/maintainers/hugo', owner))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(await errorCode(await call('DELETE', '/namespaces/olivia/maintainers/hugo', owner))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect(await errorCode(await call('PUT', '/namespaces/olivia/maintainers/Bad_Name', owner))).toEqual([
      400,
      'BAD_REQUEST',
    ]);
  });
});
