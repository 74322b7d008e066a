// Trusted publishing end to end (docs/publishing.md): an owner registers a publisher, a CI job's
// ID token from the issuer double is exchanged for a short-lived publish token, and the publish
// records the verified build identity in the signed provenance. Every refusal names the failed
// check, stores nothing and publishes nothing.
import {
  verifyVersionSignature,
  type OidcExchangeOutput,
  type RegistryKeys,
  type VersionRecord,
} from '@pkg/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import {
  startOidcIssuer,
  trustedPublishingServerOptions,
  type CiJob,
  type OidcIssuer,
} from '../helpers/oidc-issuer.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, checked by the assertions
type Answer = Record<string, any>;

const AUDIENCE = 'https://registry.test';
const now = new Date('2026-11-27T08:00:00.000Z');
const clock = () => now;

let server: TestServer;
let github: OidcIssuer;
let gitlab: OidcIssuer;
let owner: string;

const job = (over: Partial<CiJob> = {}): CiJob => ({
  repository: 'acme/clock',
  workflow: '.github/workflows/release.yml',
  audience: AUDIENCE,
  ...over,
});

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const exchange = (token: string, pkg = '@acme/clock') => post('/auth/oidc/token', { token, package: pkg });

async function trpc(path: string, input: unknown, token: string) {
  const res = await fetch(`${server.url}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ json: input }),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function publish(token: string, name = 'clock', version = '1.1.0') {
  const pkg = await buildPackage({ namespace: 'acme', name, version });
  const res = await publishArchive(server.url, token, pkg.bytes);
  return { status: res.status, body: (await res.json()) as Answer };
}

beforeAll(async () => {
  github = await startOidcIssuer({ clock });
  gitlab = await startOidcIssuer({ platform: 'gitlab', clock });
  server = await startTestServer({ clock, ...trustedPublishingServerOptions([github, gitlab], AUDIENCE) });
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  for (const name of ['clock', 'bell', 'lonely'])
    expect((await publish(owner, name, '1.0.0')).status).toBe(201);
  const added = await trpc(
    'publishers.add',
    {
      namespace: 'acme',
      name: 'clock',
      platform: 'github',
      repository: 'acme/clock',
      workflow: 'release.yml',
    },
    owner,
  );
  expect(added).toMatchObject({ status: 200 });
  const env = await trpc(
    'publishers.add',
    {
      namespace: 'acme',
      name: 'bell',
      platform: 'github',
      repository: 'acme/bell',
      workflow: 'release.yml',
      environment: 'prod',
    },
    owner,
  );
  expect(env.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await github?.close();
  await gitlab?.close();
});

describe('the exchange and the publish', () => {
  test('GET /auth/oidc names the audience, the issuers and the exchange route', async () => {
    const res = await fetch(`${server.url}/auth/oidc`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      audience: AUDIENCE,
      issuers: [
        { platform: 'github', issuer: github.url },
        { platform: 'gitlab', issuer: gitlab.url },
      ],
      exchange: '/auth/oidc/token',
    });
  });

  test('a trusted workflow gets a 15-minute token for the package, and its publish records the build, signed', async () => {
    const idToken = await github.token(
      job({ sha: 'f'.repeat(40), ref: 'refs/tags/v1.1.0', runId: '42', runAttempt: '2' }),
    );
    const res = await exchange(idToken);
    expect(res.status).toBe(201);
    const out = res.body as OidcExchangeOutput;
    expect(out.package).toBe('@acme/clock');
    expect(out.expiresAt).toBe(new Date(now.getTime() + 15 * 60_000).toISOString());
    expect(out.build).toMatchObject({
      platform: 'github',
      issuer: github.url,
      repository: 'acme/clock',
      workflow: '.github/workflows/release.yml',
      commit: 'f'.repeat(40),
      ref: 'refs/tags/v1.1.0',
      environment: null,
      runUrl: 'https://github.com/acme/clock/actions/runs/42/attempts/2',
    });
    const whoami = await fetch(`${server.url}/auth/whoami`, {
      headers: { authorization: `Bearer ${out.token}` },
    });
    expect(((await whoami.json()) as { token: { package: string } }).token.package).toBe('@acme/clock');

    expect((await publish(out.token)).status).toBe(201);
    const record = (await (await fetch(`${server.url}/packages/acme/clock/1.1.0`)).json()) as VersionRecord;
    expect(record.provenance.publisher).toEqual({ user: 'acme', via: 'oidc' });
    expect(record.provenance.build).toEqual(out.build);
    const keys = (await (await fetch(`${server.url}/keys`)).json()) as RegistryKeys;
    const pinned = keys.keys.map((k) => ({ keyid: k.keyid, key: k.key }));
    expect(verifyVersionSignature(record, pinned).keyid).toBe(pinned[0]?.keyid);
    const tampered = {
      ...record,
      provenance: { ...record.provenance, build: { ...out.build, repository: 'evil/clock' } },
    };
    expect(() => verifyVersionSignature(tampered, pinned)).toThrow(/does not verify/);
  });
});
