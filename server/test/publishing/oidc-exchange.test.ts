// Trusted publishing, the exchange (docs/publishing.md, "The exchange"): a CI job's ID token from
// the issuer double is exchanged for a short-lived publish token, and the publish records the
// verified build identity in the signed provenance. Every refusal names the failed check, stores
// nothing, publishes nothing and never repeats the token (answer or log).
import {
  verifyVersionSignature,
  type OidcExchangeOutput,
  type RegistryKeys,
  type VersionRecord,
} from '@pkg/shared';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { trustedPublishingServerOptions } from '../helpers/oidc-issuer.js';
import { buildPackage, publishArchive } from '../helpers/packages.js';
import { startTestServer } from '../helpers/start-test-server.js';
import { AUDIENCE, START, startAcmeRegistry, type AcmeRegistry, type Answer } from './acme-registry.js';

let acme: AcmeRegistry;
beforeAll(async () => {
  acme = await startAcmeRegistry();
});
afterAll(() => acme?.close());

describe('the exchange and the publish', () => {
  test('GET /auth/oidc names the audience, the issuers and the exchange route', async () => {
    const res = await fetch(`${acme.server.url}/auth/oidc`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      audience: AUDIENCE,
      issuers: [
        { platform: 'github', issuer: acme.github.url },
        { platform: 'gitlab', issuer: acme.gitlab.url },
        { platform: 'github', issuer: acme.offOrigin.url },
      ],
      exchange: '/auth/oidc/token',
    });
  });

  test('a trusted workflow gets a 15-minute token for the package, and its publish records the build, signed', async () => {
    const idToken = await acme.github.token(
      acme.job({ sha: 'f'.repeat(40), ref: 'refs/tags/v1.1.0', runId: '42', runAttempt: '2' }),
    );
    const res = await acme.exchange(idToken);
    expect(res.status).toBe(201);
    const out = res.body as OidcExchangeOutput;
    expect(out.package).toBe('@acme/clock');
    expect(out.expiresAt).toBe(new Date(START + 15 * 60_000).toISOString());
    expect(out.build).toMatchObject({
      platform: 'github',
      issuer: acme.github.url,
      repository: 'acme/clock',
      workflow: '.github/workflows/release.yml',
      commit: 'f'.repeat(40),
      ref: 'refs/tags/v1.1.0',
      environment: null,
      runUrl: 'https://github.com/acme/clock/actions/runs/42/attempts/2',
    });
    const whoami = await fetch(`${acme.server.url}/auth/whoami`, {
      headers: { authorization: `Bearer ${out.token}` },
    });
    expect(((await whoami.json()) as { token: { package: string } }).token.package).toBe('@acme/clock');

    expect((await acme.publish(out.token)).status).toBe(201);
    const logged = JSON.stringify(acme.server.logs);
    expect(logged).not.toContain(idToken);
    expect(logged).not.toContain(out.token);
    const record = (await (
      await fetch(`${acme.server.url}/packages/acme/clock/1.1.0`)
    ).json()) as VersionRecord;
    expect(record.provenance.publisher).toEqual({ user: 'acme', via: 'oidc' });
    expect(record.provenance.build).toEqual(out.build);
    const keys = (await (await fetch(`${acme.server.url}/keys`)).json()) as RegistryKeys;
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
  const { Token, OidcJti, Version } = acme.server.deps.models;
  return Promise.all([
    Token.countDocuments({ package: { $ne: null } }),
    OidcJti.countDocuments({}),
    Version.countDocuments({}),
  ]);
}

/** Exchanges and expects the refusal with a message containing `message`; nothing stored. */
async function expectRefused(token: string, message: string, pkg = '@acme/clock', code = 'OIDC_REFUSED') {
  const before = await stored();
  const res = await acme.exchange(token, pkg);
  expect(res.body.error?.code).toBe(code);
  expect(res.status).toBe(code === 'OIDC_REFUSED' ? 401 : 502);
  expect(res.body.error.message).toContain(message);
  expect(res.body.error.message).not.toContain(token);
  expect(JSON.stringify(acme.server.logs)).not.toContain(token);
  expect(await stored()).toEqual(before);
  return res.body.error.message as string;
}

describe('refusals name the failed check, store nothing and publish nothing', () => {
  test('another repository', async () => {
    const message = await expectRefused(
      await acme.github.token(acme.job({ repository: 'acme/other' })),
      "the ID token's repository acme/other matches no trusted publisher of @acme/clock (trusted: acme/clock via .github/workflows/release.yml)",
    );
    expect(message).toMatchInlineSnapshot(
      `"Trusted publishing refused: the ID token's repository acme/other matches no trusted publisher of @acme/clock (trusted: acme/clock via .github/workflows/release.yml)."`,
    );
  });

  test('another workflow of the trusted repository', async () => {
    await expectRefused(
      await acme.github.token(acme.job({ workflow: '.github/workflows/nightly.yml' })),
      "the ID token's workflow .github/workflows/nightly.yml (in acme/clock) matches no trusted publisher of @acme/clock",
    );
  });

  test('another environment, or none, when the publisher names one', async () => {
    const bell = acme.job({ repository: 'acme/bell' });
    await expectRefused(
      await acme.github.token({ ...bell, environment: 'staging' }),
      "the ID token's environment staging matches no trusted publisher of @acme/bell (trusted: acme/bell via .github/workflows/release.yml in environment prod)",
      '@acme/bell',
    );
    await expectRefused(
      await acme.github.token(bell),
      "the ID token's environment (none) matches",
      '@acme/bell',
    );
    const ok = await acme.exchange(await acme.github.token({ ...bell, environment: 'prod' }), '@acme/bell');
    expect(ok.status).toBe(201);
    expect(ok.body.build.environment).toBe('prod');
  });

  test('a wrong audience', async () => {
    await expectRefused(
      await acme.github.token(acme.job({ audience: 'https://other.example' })),
      "the ID token's audience is https://other.example, this registry expects https://registry.test",
    );
  });

  test('an expired token, and one not valid yet', async () => {
    const expiredAt = new Date(START - 120_000).toISOString();
    await expectRefused(
      await acme.github.token(acme.job({ expiresIn: -120 })),
      `the ID token expired at ${expiredAt}`,
    );
    const validFrom = new Date(START + 300_000).toISOString();
    await expectRefused(
      await acme.github.token(acme.job({ notBeforeIn: 300 })),
      `the ID token is not valid before ${validFrom}`,
    );
  });

  test('an issuer not in PKG_OIDC_ISSUERS', async () => {
    await expectRefused(
      await acme.stranger.token(acme.job()),
      `the issuer ${acme.stranger.url} is not accepted here (PKG_OIDC_ISSUERS)`,
    );
  });

  test('a key id absent from the JWKS: the keys are read again, at most once every 30 s', async () => {
    const before = acme.github.requests.jwks;
    acme.setOffset(31_000); // 30 s after the keys were first read
    try {
      await expectRefused(
        await acme.github.token(acme.job(), { kid: 'made-up' }),
        "the signing key kid=made-up is not in the issuer's JWKS",
      );
      expect(acme.github.requests.jwks).toBe(before + 1);
      await expectRefused(
        await acme.github.token(acme.job(), { kid: 'made-up-2' }),
        'kid=made-up-2 is not in',
      );
      expect(acme.github.requests.jwks).toBe(before + 1);
      // A key the issuer published since is found once the keys may be read again.
      const kid = await acme.github.addKey();
      await expectRefused(await acme.github.token(acme.job(), { kid }), `kid=${kid} is not in`);
      acme.setOffset(62_000);
      const res = await acme.exchange(await acme.github.token(acme.job(), { kid }));
      expect(res.status).toBe(201);
      expect(acme.github.requests.jwks).toBe(before + 2);
    } finally {
      acme.setOffset(0);
    }
  });

  test("a published kid on another key's signature: the signature does not verify", async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused(
      await acme.github.token(acme.job(), { kid: acme.github.kid, key: privateKey }),
      "the ID token's signature does not verify with the issuer's key",
    );
  });

  test('alg none', async () => {
    await expectRefused(
      acme.github.unsignedToken(acme.github.githubClaims(acme.job())),
      'the algorithm none is not accepted (the issuer announces RS256)',
    );
  });

  test('HS256 with the public key as the secret', async () => {
    await expectRefused(
      await acme.github.hs256WithPublicKey(acme.github.githubClaims(acme.job())),
      "HS256 is not accepted: only the issuer's public keys sign ID tokens (the issuer announces RS256)",
    );
  });

  test('a replayed ID token (same jti)', async () => {
    const idToken = await acme.github.token(acme.job({ jti: 'once-only-1' }));
    expect((await acme.exchange(idToken)).status).toBe(201);
    await expectRefused(idToken, 'this ID token was already exchanged (jti once-only-1)');
  });

  test('a token without jti', async () => {
    await expectRefused(await acme.github.token(acme.job({ jti: null })), 'the ID token carries no jti');
  });

  test('a package without trusted publisher', async () => {
    await expectRefused(
      await acme.github.token(acme.job({ repository: 'acme/lonely' })),
      '@acme/lonely has no trusted publisher; add one with `pkg trust add`',
      '@acme/lonely',
    );
  });

  test('an issuer whose jwks_uri is off its own origin is not read (502)', async () => {
    await expectRefused(
      await acme.offOrigin.token(acme.job()),
      "is not on the issuer's own origin",
      '@acme/clock',
      'UPSTREAM_FAILED',
    );
  });

  test('a refused exchange counts as a failed authentication', async () => {
    const small = await startTestServer({
      clock: acme.clock,
      env: { ...trustedPublishingServerOptions([acme.github]).env, PKG_AUTH_FAILURE_LIMIT: '2' },
      dataEnv: trustedPublishingServerOptions([acme.github]).dataEnv,
    });
    try {
      const send = async () =>
        fetch(`${small.url}/auth/oidc/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: acme.github.unsignedToken({}), package: '@acme/clock' }),
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
    const closed = await startTestServer({
      clock: acme.clock,
      env: trustedPublishingServerOptions([acme.github]).env,
    });
    try {
      const owner2 = (await createUser(closed.deps.registry, 'acme')).token.token;
      const pkg = await buildPackage({ namespace: 'acme', name: 'clock', version: '1.0.0' });
      expect((await publishArchive(closed.url, owner2, pkg.bytes)).status).toBe(201);
      await closed.deps.models.TrustedPublisher.create({
        publisherId: 'tp_0123456789abcdef',
        namespace: 'acme',
        name: 'clock',
        platform: 'github',
        issuer: acme.github.url,
        repository: 'acme/clock',
        workflow: '.github/workflows/release.yml',
        addedBy: 'acme',
        addedAt: acme.clock(),
      });
      const before = acme.github.requests.discovery;
      const res = await fetch(`${closed.url}/auth/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: await acme.github.token(acme.job()), package: '@acme/clock' }),
      });
      expect(res.status).toBe(502);
      const body = (await res.json()) as Answer;
      expect(body.error.code).toBe('UPSTREAM_FAILED');
      expect(body.error.message).toContain(`The issuer ${acme.github.url} could not be read`);
      expect(acme.github.requests.discovery).toBe(before);
    } finally {
      await closed.close();
    }
  });

  test("the issuer's documents are kept an hour, then read again", async () => {
    const before = { ...acme.github.requests };
    expect((await acme.exchange(await acme.github.token(acme.job()))).status).toBe(201);
    expect(acme.github.requests).toEqual(before);
    acme.setOffset(60 * 60_000 + 1);
    try {
      expect((await acme.exchange(await acme.github.token(acme.job()))).status).toBe(201);
      expect(acme.github.requests).toEqual({
        ...before,
        discovery: before.discovery + 1,
        jwks: before.jwks + 1,
      });
    } finally {
      acme.setOffset(0);
    }
  });

  test.each([
    ['no token', { package: '@acme/clock' }],
    ['not a JWT', { token: 'pkg_notajwt', package: '@acme/clock' }],
    ['not a package id', { token: 'a.b.c', package: 'clock' }],
    ['an extra field', { token: 'a.b.c', package: '@acme/clock', user: 'acme' }],
  ])('a body with %s is 400 BAD_REQUEST', async (_what, body) => {
    const res = await acme.post('/auth/oidc/token', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
  });
});

describe('the GitHub Actions token request (the double, as pkg publish --oidc uses it)', () => {
  test('the job asks for an ID token with the registry audience and exchanges it', async () => {
    const env = acme.github.actionsEnv({
      repository: 'acme/clock',
      workflow: '.github/workflows/release.yml',
    });
    const config = (await (await fetch(`${acme.server.url}/auth/oidc`)).json()) as { audience: string };
    const url = `${env.ACTIONS_ID_TOKEN_REQUEST_URL}&audience=${encodeURIComponent(config.audience)}`;
    const refused = await fetch(url, { headers: { authorization: 'bearer wrong' } });
    expect(refused.status).toBe(401);
    const res = await fetch(url, {
      headers: { authorization: `bearer ${env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` },
    });
    const { value } = (await res.json()) as { value: string };
    const exchanged = await acme.exchange(value);
    expect(exchanged.status).toBe(201);
    expect(exchanged.body.build.repository).toBe('acme/clock');
    const noAudience = await fetch(env.ACTIONS_ID_TOKEN_REQUEST_URL, {
      headers: { authorization: `bearer ${env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` },
    });
    const other = ((await noAudience.json()) as { value: string }).value;
    expect((await acme.exchange(other)).body.error.message).toContain(
      "the ID token's audience is https://github.com/acme, this registry expects https://registry.test",
    );
  });
});

describe('GitLab', () => {
  test('a GitLab job matches on project_path and the CI configuration path', async () => {
    const res = await acme.exchange(
      await acme.gitlab.token({
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
      runUrl: `${acme.gitlab.url}/acme/sub/gong/-/pipelines/574`,
    });
    await expectRefused(
      await acme.gitlab.token({
        repository: 'acme/sub/gong',
        workflow: '.gitlab-ci.yml',
        audience: AUDIENCE,
      }),
      "the ID token's workflow .gitlab-ci.yml (in acme/sub/gong) matches no trusted publisher of @acme/gong",
      '@acme/gong',
    );
  });
});
