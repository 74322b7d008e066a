// The tRPC router is the one typed contract: a typed client (as the SPA and the CLI use it)
// calls the same procedures as the REST routes and gets the registry's error codes.
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppRouter } from '../../src/trpc/router.js';
import { publishAsNewOwner } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

let server: TestServer;
let token: string;

function client(authorization?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${server.url}/trpc`,
        transformer: superjson,
        headers: authorization ? { authorization: `Bearer ${authorization}` } : {},
      }),
    ],
  });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await publishAsNewOwner(server, { namespace: 'tess', name: 'typed', version: '1.0.0' });
});
afterAll(() => server.close());

describe('the typed client', () => {
  test('reads health, search, package and version record', async () => {
    const trpc = client();
    expect(await trpc.health.get.query()).toEqual({ status: 'ok', apiVersion: 2 });
    const search = await trpc.packages.search.query({ q: 'typed' });
    expect(search.results.map((r) => r.name)).toEqual(['@tess/typed']);
    const pkg = await trpc.packages.get.query({ namespace: 'tess', name: 'typed' });
    expect(pkg.latest).toBe('1.0.0');
    const record = await trpc.packages.version.query({ namespace: 'tess', name: 'typed', version: '1.0.0' });
    expect(record.artifact.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/artifacts\/[0-9a-f]{64}\/tess-typed-1\.0\.0\.tar\.gz$/,
    );
  });

  test('authenticated procedures take the bearer token', async () => {
    expect((await client(token).auth.whoami.query()).user).toBe('tess');
    const created = await client(token).tokens.create.mutate({ label: 'from tRPC' });
    expect(created.token).toMatch(/^pkg_/);
  });

  test.each([
    ['NOT_FOUND', 404, () => client().packages.get.query({ namespace: 'tess', name: 'missing' })],
    ['BAD_REQUEST', 400, () => client().packages.get.query({ namespace: 'Bad', name: 'x' })],
    ['UNAUTHENTICATED', 401, () => client().auth.whoami.query()],
  ])('errors carry the registry code %s (HTTP %i)', async (code, status, call) => {
    const error = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as { code: string; httpStatus: number };
    expect([data.code, data.httpStatus]).toEqual([code, status]);
  });
});
