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
import { generateKeyPair } from 'jose';
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
const START = new Date('2026-11-27T08:00:00.000Z').getTime();
let offsetMs = 0;
const clock = () => new Date(START + offsetMs);

let server: TestServer;
let github: OidcIssuer;
let gitlab: OidcIssuer;
let stranger: OidcIssuer;
let offOrigin: OidcIssuer;
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
  stranger = await startOidcIssuer({ clock });
  offOrigin = await startOidcIssuer({ clock, jwksUri: `${stranger.url}/.well-known/jwks` });
  const options = trustedPublishingServerOptions([github, gitlab, offOrigin], AUDIENCE);
  // Refusals count as failed authentications: this server allows many (a test below checks the block).
  server = await startTestServer({
    clock,
    env: { ...options.env, PKG_AUTH_FAILURE_LIMIT: '1000' },
    dataEnv: options.dataEnv,
  });
  owner = (await createUser(server.deps.registry, 'acme')).token.token;
  for (const name of ['clock', 'bell', 'gong', 'lonely'])
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
  const lab = await trpc(
    'publishers.add',
    {
      namespace: 'acme',
      name: 'gong',
      platform: 'gitlab',
      repository: 'acme/sub/gong',
      workflow: 'ci/release.yml',
    },
    owner,
  );
  expect(lab.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await github?.close();
  await gitlab?.close();
  await stranger?.close();
  await offOrigin?.close();
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
        { platform: 'github', issuer: offOrigin.url },
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
    expect(out.expiresAt).toBe(new Date(START + 15 * 60_000).toISOString());
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

/** What a refusal must leave unchanged: exchanged tokens, consumed jtis, versions. */
async function stored() {
  const { Token, OidcJti, Version } = server.deps.models;
  return Promise.all([
    Token.countDocuments({ package: { $ne: null } }),
    OidcJti.countDocuments({}),
    Version.countDocuments({}),
  ]);
}

/** Exchanges and expects the refusal with a message containing `message`; nothing stored. */
async function expectRefused(token: string, message: string, pkg = '@acme/clock', code = 'OIDC_REFUSED') {
  const before = await stored();
  const res = await exchange(token, pkg);
  expect(res.body.error?.code).toBe(code);
  expect(res.status).toBe(code === 'OIDC_REFUSED' ? 401 : 502);
  expect(res.body.error.message).toContain(message);
  expect(res.body.error.message).not.toContain(token);
  expect(await stored()).toEqual(before);
  return res.body.error.message as string;
}

describe('refusals name the failed check, store nothing and publish nothing', () => {
  test('another repository', async () => {
    const message = await expectRefused(
      await github.token(job({ repository: 'acme/other' })),
      "the ID token's repository acme/other matches no trusted publisher of @acme/clock (trusted: acme/clock via .github/workflows/release.yml)",
    );
    expect(message).toMatchInlineSnapshot(
      `"Trusted publishing refused: the ID token's repository acme/other matches no trusted publisher of @acme/clock (trusted: acme/clock via .github/workflows/release.yml)."`,
    );
  });

  test('another workflow of the trusted repository', async () => {
    await expectRefused(
      await github.token(job({ workflow: '.github/workflows/nightly.yml' })),
      "the ID token's workflow .github/workflows/nightly.yml (in acme/clock) matches no trusted publisher of @acme/clock",
    );
  });

  test('another environment, or none, when the publisher names one', async () => {
    const bell = job({ repository: 'acme/bell' });
    await expectRefused(
      await github.token({ ...bell, environment: 'staging' }),
      "the ID token's environment staging matches no trusted publisher of @acme/bell (trusted: acme/bell via .github/workflows/release.yml in environment prod)",
      '@acme/bell',
    );
    await expectRefused(await github.token(bell), "the ID token's environment (none) matches", '@acme/bell');
    const ok = await exchange(await github.token({ ...bell, environment: 'prod' }), '@acme/bell');
    expect(ok.status).toBe(201);
    expect(ok.body.build.environment).toBe('prod');
  });

  test('a wrong audience', async () => {
    await expectRefused(
      await github.token(job({ audience: 'https://other.example' })),
      "the ID token's audience is https://other.example, this registry expects https://registry.test",
    );
  });

  test('an expired token, and one not valid yet', async () => {
    const expiredAt = new Date(START - 120_000).toISOString();
    await expectRefused(await github.token(job({ expiresIn: -120 })), `the ID token expired at ${expiredAt}`);
    const validFrom = new Date(START + 300_000).toISOString();
    await expectRefused(
      await github.token(job({ notBeforeIn: 300 })),
      `the ID token is not valid before ${validFrom}`,
    );
  });

  test('an issuer not in PKG_OIDC_ISSUERS', async () => {
    await expectRefused(
      await stranger.token(job()),
      `the issuer ${stranger.url} is not accepted here (PKG_OIDC_ISSUERS)`,
    );
  });

  test('a key id absent from the JWKS: the keys are read again, at most once every 30 s', async () => {
    const before = github.requests.jwks;
    offsetMs = 31_000; // 30 s after the keys were first read
    try {
      await expectRefused(
        await github.token(job(), { kid: 'made-up' }),
        "the signing key kid=made-up is not in the issuer's JWKS",
      );
      expect(github.requests.jwks).toBe(before + 1);
      await expectRefused(await github.token(job(), { kid: 'made-up-2' }), 'kid=made-up-2 is not in');
      expect(github.requests.jwks).toBe(before + 1);
      // A key the issuer published since is found once the keys may be read again.
      const kid = await github.addKey();
      await expectRefused(await github.token(job(), { kid }), `kid=${kid} is not in`);
      offsetMs = 62_000;
      const res = await exchange(await github.token(job(), { kid }));
      expect(res.status).toBe(201);
      expect(github.requests.jwks).toBe(before + 2);
    } finally {
      offsetMs = 0;
    }
  });

  test("a published kid on another key's signature: the signature does not verify", async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused(
      await github.token(job(), { kid: github.kid, key: privateKey }),
      "the ID token's signature does not verify with the issuer's key",
    );
  });

  test('alg none', async () => {
    await expectRefused(
      github.unsignedToken(github.githubClaims(job())),
      'the algorithm none is not accepted (the issuer announces RS256)',
    );
  });

  test('HS256 with the public key as the secret', async () => {
    await expectRefused(
      await github.hs256WithPublicKey(github.githubClaims(job())),
      "HS256 is not accepted: only the issuer's public keys sign ID tokens (the issuer announces RS256)",
    );
  });

  test('a replayed ID token (same jti)', async () => {
    const idToken = await github.token(job({ jti: 'once-only-1' }));
    expect((await exchange(idToken)).status).toBe(201);
    await expectRefused(idToken, 'this ID token was already exchanged (jti once-only-1)');
  });

  test('a token without jti', async () => {
    await expectRefused(await github.token(job({ jti: null })), 'the ID token carries no jti');
  });

  test('a package without trusted publisher', async () => {
    await expectRefused(
      await github.token(job({ repository: 'acme/lonely' })),
      '@acme/lonely has no trusted publisher; add one with `pkg trust add`',
      '@acme/lonely',
    );
  });

  test('an issuer whose jwks_uri is off its own origin is not read (502)', async () => {
    await expectRefused(
      await offOrigin.token(job()),
      "is not on the issuer's own origin",
      '@acme/clock',
      'UPSTREAM_FAILED',
    );
  });

  test('a refused exchange counts as a failed authentication', async () => {
    const small = await startTestServer({
      clock,
      env: { ...trustedPublishingServerOptions([github]).env, PKG_AUTH_FAILURE_LIMIT: '2' },
      dataEnv: trustedPublishingServerOptions([github]).dataEnv,
    });
    try {
      const send = async () =>
        fetch(`${small.url}/auth/oidc/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: github.unsignedToken({}), package: '@acme/clock' }),
        });
      expect((await send()).status).toBe(401);
      expect((await send()).status).toBe(401);
      const blocked = await send();
      expect(blocked.status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('the issuer and the body', () => {
  test('an issuer on 127.0.0.1 is not reached without PKG_NET_ALLOW_PRIVATE=1 (502, not counted)', async () => {
    const closed = await startTestServer({ clock, env: trustedPublishingServerOptions([github]).env });
    try {
      const owner2 = (await createUser(closed.deps.registry, 'acme')).token.token;
      const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version: '1.0.0' });
      expect((await publishArchive(closed.url, owner2, pkg.bytes)).status).toBe(201);
      await closed.deps.models.TrustedPublisher.create({
        publisherId: 'tp_0123456789abcdef',
        namespace: 'acme',
        name: 'clock',
        platform: 'github',
        issuer: github.url,
        repository: 'acme/clock',
        workflow: '.github/workflows/release.yml',
        addedBy: 'acme',
        addedAt: clock(),
      });
      const before = github.requests.discovery;
      const res = await fetch(`${closed.url}/auth/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: await github.token(job()), package: '@acme/clock' }),
      });
      expect(res.status).toBe(502);
      const body = (await res.json()) as Answer;
      expect(body.error.code).toBe('UPSTREAM_FAILED');
      expect(body.error.message).toContain(`The issuer ${github.url} could not be read`);
      expect(github.requests.discovery).toBe(before);
    } finally {
      await closed.close();
    }
  });

  test("the issuer's documents are kept an hour, then read again", async () => {
    const before = { ...github.requests };
    expect((await exchange(await github.token(job()))).status).toBe(201);
    expect(github.requests).toEqual(before);
    offsetMs = 60 * 60_000 + 1;
    try {
      expect((await exchange(await github.token(job()))).status).toBe(201);
      expect(github.requests).toEqual({ discovery: before.discovery + 1, jwks: before.jwks + 1 });
    } finally {
      offsetMs = 0;
    }
  });

  test.each([
    ['no token', { package: '@acme/clock' }],
    ['not a JWT', { token: 'pkg_notajwt', package: '@acme/clock' }],
    ['not a package id', { token: 'a.b.c', package: 'clock' }],
    ['an extra field', { token: 'a.b.c', package: '@acme/clock', user: 'acme' }],
  ])('a body with %s is 400 BAD_REQUEST', async (_what, body) => {
    const res = await post('/auth/oidc/token', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
  });
});

describe('GitLab', () => {
  test('a GitLab job matches on project_path and the CI configuration path', async () => {
    const res = await exchange(
      await gitlab.token({
        repository: 'acme/sub/gong',
        workflow: 'ci/release.yml',
        audience: AUDIENCE,
        runId: '574',
      }),
      '@acme/gong',
    );
    expect(res.status).toBe(201);
    expect(res.body.build).toMatchObject({
      platform: 'gitlab',
      repository: 'acme/sub/gong',
      workflow: 'ci/release.yml',
      ref: 'refs/tags/v1.0.0',
      runId: '574',
      runUrl: `${gitlab.url}/acme/sub/gong/-/pipelines/574`,
    });
    await expectRefused(
      await gitlab.token({ repository: 'acme/sub/gong', workflow: '.gitlab-ci.yml', audience: AUDIENCE }),
      "the ID token's workflow .gitlab-ci.yml (in acme/sub/gong) matches no trusted publisher of @acme/gong",
      '@acme/gong',
    );
  });
});

describe('the short-lived token', () => {
  test('publishes its package only, manages nothing, and expires after 15 minutes', async () => {
    const { body } = await exchange(await github.token(job()));
    const other = await publish(body.token as string, 'bell', '2.0.0');
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'TOKEN_SCOPE' });
    expect(other.body.error.message).toBe(
      'This token may publish only @acme/clock (it comes from the OIDC exchange for that package), not @acme/bell.',
    );
    const manage = await trpc(
      'publishers.setPolicy',
      { namespace: 'acme', name: 'clock', requireTrustedPublishing: false },
      body.token as string,
    );
    expect(manage.body.error.json.data.code).toBe('TOKEN_SCOPE');
    const yank = await post('/packages/acme/bell/1.0.0/yank', { reason: 'x' }, body.token as string);
    expect(yank.body.error.code).toBe('TOKEN_SCOPE');
    offsetMs = 15 * 60_000 + 1;
    try {
      const late = await publish(body.token as string, 'clock', '1.2.0');
      expect(late.status).toBe(401);
      expect(late.body.error.message).toBe('The token has expired; create or ask for a new one.');
    } finally {
      offsetMs = 0;
    }
    expect(
      await server.deps.models.Version.exists({ namespace: 'acme', name: 'clock', version: '1.2.0' }),
    ).toBeNull();
  });
});

describe('the policy and who manages publishers', () => {
  test('a package that requires trusted publishing refuses a classic token', async () => {
    const set = await trpc(
      'publishers.setPolicy',
      { namespace: 'acme', name: 'clock', requireTrustedPublishing: true },
      owner,
    );
    expect(set.body.result.data.json.requireTrustedPublishing).toBe(true);
    const classic = await publish(owner, 'clock', '1.3.0');
    expect(classic.status).toBe(403);
    expect(classic.body.error).toEqual({
      code: 'TRUSTED_PUBLISHING_REQUIRED',
      message:
        '@acme/clock requires trusted publishing (set by its owner with `pkg trust require`); publish from its CI with `pkg publish --oidc`.',
      details: [],
    });
    const { body } = await exchange(await github.token(job()));
    expect((await publish(body.token as string, 'clock', '1.3.0')).status).toBe(201);
    await trpc(
      'publishers.setPolicy',
      { namespace: 'acme', name: 'clock', requireTrustedPublishing: false },
      owner,
    );
    expect((await publish(owner, 'clock', '1.4.0')).status).toBe(201);
  });

  test('anyone lists; only the owner adds, removes and sets the policy', async () => {
    const list = await fetch(`${server.url}/packages/acme/clock/publishers`);
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { package: string; publishers: { id: string; workflow: string }[] };
    expect(listed.package).toBe('@acme/clock');
    expect(listed.publishers.map((p) => p.workflow)).toEqual(['.github/workflows/release.yml']);

    const maintainer = (await createUser(server.deps.registry, 'mia')).token.token;
    const outsider = (await createUser(server.deps.registry, 'oscar')).token.token;
    const put = await fetch(`${server.url}/namespaces/acme/maintainers/mia`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(put.status).toBe(200);
    const add = {
      namespace: 'acme',
      name: 'clock',
      platform: 'github',
      repository: 'mia/fork',
      workflow: 'x.yml',
    };
    const id = listed.publishers[0]?.id ?? '';
    for (const [token, message] of [
      [
        maintainer,
        'Only the owner of the namespace acme (acme) manages the trusted publishers of @acme/clock; you (mia) are a maintainer.',
      ],
      [outsider, 'You (oscar) are neither the owner nor a maintainer of the namespace acme.'],
    ] as const) {
      for (const [path, input] of [
        ['publishers.add', add],
        ['publishers.remove', { namespace: 'acme', name: 'clock', id }],
        ['publishers.setPolicy', { namespace: 'acme', name: 'clock', requireTrustedPublishing: true }],
      ] as const) {
        const res = await trpc(path, input, token);
        expect(res.status).toBe(403);
        expect(res.body.error.json.message).toBe(message);
      }
    }
    const after = (await (
      await fetch(`${server.url}/packages/acme/clock/publishers`)
    ).json()) as typeof listed;
    expect(after).toEqual(listed);

    const added = await trpc('publishers.add', add, owner);
    expect(added.body.result.data.json.workflow).toBe('.github/workflows/x.yml');
    const removed = await trpc(
      'publishers.remove',
      { namespace: 'acme', name: 'clock', id: added.body.result.data.json.id },
      owner,
    );
    expect(removed.body.result.data.json).toEqual({ removed: true, id: added.body.result.data.json.id });
  });

  test('a publisher is added to a package that exists, with a workflow under .github/workflows', async () => {
    const missing = await trpc(
      'publishers.add',
      {
        namespace: 'acme',
        name: 'ghost',
        platform: 'github',
        repository: 'acme/ghost',
        workflow: 'release.yml',
      },
      owner,
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.json.message).toContain('@acme/ghost has no published version');
    const outside = await trpc(
      'publishers.add',
      {
        namespace: 'acme',
        name: 'clock',
        platform: 'github',
        repository: 'acme/clock',
        workflow: 'ci/release.yml',
      },
      owner,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.error.json.message).toContain('A GitHub workflow is a file under .github/workflows/');
  });
});
