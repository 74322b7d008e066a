// Trusted publishing, the token and the publishers (docs/publishing.md): the exchanged token
// publishes its one package for 15 minutes and manages nothing; a package that requires trusted
// publishing refuses a classic token; only the namespace's owner adds and removes publishers and
// sets the policy, and anyone lists them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUser } from '../../src/services/registry/user-service.js';
import { startAcmeRegistry, type AcmeRegistry, type Answer } from './acme-registry.js';

let acme: AcmeRegistry;
beforeAll(async () => {
  acme = await startAcmeRegistry();
});
afterAll(() => acme?.close());

describe('the short-lived token', () => {
  test('publishes its package only, manages nothing, and expires after 15 minutes', async () => {
    const { body } = await acme.exchange(await acme.github.token(acme.job()));
    const other = await acme.publish(body.token as string, 'bell', '2.0.0');
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'TOKEN_SCOPE' });
    expect(other.body.error.message).toBe(
      'This token is for @acme/clock only (it comes from the OIDC exchange for that package), not for @acme/bell.',
    );
    const manage = await acme.trpc(
      'publishers.setPolicy',
      { namespace: 'acme', name: 'clock', requireTrustedPublishing: false },
      body.token as string,
    );
    expect(manage.body.error.json.data.code).toBe('TOKEN_SCOPE');
    const yank = await acme.post('/packages/acme/bell/1.0.0/yank', { reason: 'x' }, body.token as string);
    expect(yank.body.error.code).toBe('TOKEN_SCOPE');
    acme.setOffset(15 * 60_000 + 1);
    try {
      const late = await acme.publish(body.token as string, 'clock', '1.2.0');
      expect(late.status).toBe(401);
      expect(late.body.error.message).toBe('The token has expired; create or ask for a new one.');
    } finally {
      acme.setOffset(0);
    }
    expect(
      await acme.server.deps.models.Version.exists({ namespace: 'acme', name: 'clock', version: '1.2.0' }),
    ).toBeNull();
  });
});

describe('the policy and who manages publishers', () => {
  test('a package that requires trusted publishing refuses a classic token', async () => {
    const set = await acme.trpc(
      'publishers.setPolicy',
      { namespace: 'acme', name: 'clock', requireTrustedPublishing: true },
      acme.owner,
    );
    expect(set.body.result.data.json.requireTrustedPublishing).toBe(true);
    const classic = await acme.publish(acme.owner, 'clock', '1.3.0');
    expect(classic.status).toBe(403);
    expect(classic.body.error).toEqual({
      code: 'TRUSTED_PUBLISHING_REQUIRED',
      message:
        '@acme/clock requires trusted publishing (set by its owner with `pkg trust require`); publish from its CI with `pkg publish --oidc`.',
      details: [],
    });
    const { body } = await acme.exchange(await acme.github.token(acme.job()));
    expect((await acme.publish(body.token as string, 'clock', '1.3.0')).status).toBe(201);
    await acme.trpc(
      'publishers.setPolicy',
      { namespace: 'acme', name: 'clock', requireTrustedPublishing: false },
      acme.owner,
    );
    expect((await acme.publish(acme.owner, 'clock', '1.4.0')).status).toBe(201);
  });

  test('anyone lists; only the owner adds, removes and sets the policy', async () => {
    const list = await fetch(`${acme.server.url}/packages/acme/clock/publishers`);
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { package: string; publishers: { id: string; workflow: string }[] };
    expect(listed.package).toBe('@acme/clock');
    expect(listed.publishers.map((p) => p.workflow)).toEqual(['.github/workflows/release.yml']);

    const maintainer = (await createUser(acme.server.deps.registry, 'mia')).token.token;
    const outsider = (await createUser(acme.server.deps.registry, 'oscar')).token.token;
    const put = await fetch(`${acme.server.url}/namespaces/acme/maintainers/mia`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${acme.owner}` },
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
        const res = await acme.trpc(path, input, token);
        expect(res.status).toBe(403);
        expect(res.body.error.json.message).toBe(message);
      }
    }
    const after = (await (
      await fetch(`${acme.server.url}/packages/acme/clock/publishers`)
    ).json()) as typeof listed;
    expect(after).toEqual(listed);

    const added = await acme.trpc('publishers.add', add, acme.owner);
    expect(added.body.result.data.json.workflow).toBe('.github/workflows/x.yml');
    const removed = await acme.trpc(
      'publishers.remove',
      { namespace: 'acme', name: 'clock', id: added.body.result.data.json.id },
      acme.owner,
    );
    expect(removed.body.result.data.json).toEqual({ removed: true, id: added.body.result.data.json.id });
  });

  test("a publisher added before the package's first version publishes that version from CI", async () => {
    const ref = { namespace: 'acme', name: 'ghost' };
    const unknown = await fetch(`${acme.server.url}/packages/acme/ghost/publishers`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Answer).error.message).toContain(
      '@acme/ghost has no published version and no trusted publisher',
    );
    const pending = { ...ref, platform: 'github', repository: 'acme/ghost', workflow: 'release.yml' };
    expect((await acme.trpc('publishers.add', pending, acme.owner)).status).toBe(200);
    const policy = await acme.trpc(
      'publishers.setPolicy',
      { ...ref, requireTrustedPublishing: true },
      acme.owner,
    );
    expect(policy.status).toBe(404);
    expect(policy.body.error.json.message).toContain('once its first version is published');
    const listed = await fetch(`${acme.server.url}/packages/acme/ghost/publishers`);
    expect(((await listed.json()) as Answer).publishers).toHaveLength(1);

    const idToken = await acme.github.token(acme.job({ repository: 'acme/ghost' }));
    const exchanged = await acme.exchange(idToken, '@acme/ghost');
    expect(exchanged.status).toBe(201);
    expect((await acme.publish(exchanged.body.token as string, 'ghost', '1.0.0')).status).toBe(201);
    const record = (await (await fetch(`${acme.server.url}/packages/acme/ghost/1.0.0`)).json()) as Answer;
    expect(record.provenance.build).toMatchObject({
      repository: 'acme/ghost',
      workflow: '.github/workflows/release.yml',
    });
  });

  test('a publisher added in a namespace nobody owns yet claims it for the caller, as a first publish would', async () => {
    const newbie = (await createUser(acme.server.deps.registry, 'newbie')).token.token;
    const rival = (await createUser(acme.server.deps.registry, 'rival')).token.token;
    const pending = {
      namespace: 'newbie',
      name: 'first',
      platform: 'github',
      repository: 'newbie/first',
      workflow: 'release.yml',
    };
    expect((await acme.trpc('publishers.add', pending, newbie)).status).toBe(200);
    const refused = await acme.trpc('publishers.add', { ...pending, name: 'second' }, rival);
    expect(refused.status).toBe(403);
    expect(refused.body.error.json.message).toContain(
      'neither the owner nor a maintainer of the namespace newbie',
    );
  });

  test('a GitHub workflow is a file under .github/workflows', async () => {
    const outside = await acme.trpc(
      'publishers.add',
      {
        namespace: 'acme',
        name: 'clock',
        platform: 'github',
        repository: 'acme/clock',
        workflow: 'ci/release.yml',
      },
      acme.owner,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.error.json.message).toContain('A GitHub workflow is a file under .github/workflows/');
  });
});
