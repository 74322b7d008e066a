// The registry the trusted-publishing tests share: a test server on a fake clock that accepts the
// ID tokens of a GitHub-shaped and a GitLab-shaped issuer double (and of a third whose jwks_uri is
// off its origin), the owner `acme` with @acme/clock, @acme/bell, @acme/gong and @acme/lonely
// published, and the publishers: clock ← acme/clock release.yml; bell ← acme/bell release.yml in
// environment prod; gong ← GitLab acme/sub/gong ci/release.yml; lonely ← none.
import { expect } from 'vitest';
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
export type Answer = Record<string, any>;

export const AUDIENCE = 'https://registry.test';
export const START = new Date('2026-11-27T08:00:00.000Z').getTime();

export interface AcmeRegistry {
  server: TestServer;
  github: OidcIssuer;
  gitlab: OidcIssuer;
  /** An issuer the registry does not accept. */
  stranger: OidcIssuer;
  /** An accepted issuer whose jwks_uri is on the stranger's origin. */
  offOrigin: OidcIssuer;
  /** The owner's managing token. */
  owner: string;
  clock: () => Date;
  /** Moves the registry's and the issuers' clock to START + ms. */
  setOffset(ms: number): void;
  /** A GitHub job of acme/clock's release.yml, with the registry's audience. */
  job(over?: Partial<CiJob>): CiJob;
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: Answer }>;
  exchange(idToken: string, pkg?: string): Promise<{ status: number; body: Answer }>;
  trpc(path: string, input: unknown, token: string): Promise<{ status: number; body: Answer }>;
  publish(token: string, name?: string, version?: string): Promise<{ status: number; body: Answer }>;
  close(): Promise<void>;
}

async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as Answer };
}

const PUBLISHERS = [
  { name: 'clock', platform: 'github', repository: 'acme/clock', workflow: 'release.yml' },
  { name: 'bell', platform: 'github', repository: 'acme/bell', workflow: 'release.yml', environment: 'prod' },
  { name: 'gong', platform: 'gitlab', repository: 'acme/sub/gong', workflow: 'ci/release.yml' },
];

export async function startAcmeRegistry(): Promise<AcmeRegistry> {
  let offsetMs = 0;
  const clock = () => new Date(START + offsetMs);
  const github = await startOidcIssuer({ clock });
  const gitlab = await startOidcIssuer({ platform: 'gitlab', clock });
  const stranger = await startOidcIssuer({ clock });
  const offOrigin = await startOidcIssuer({ clock, jwksUri: `${stranger.url}/.well-known/jwks` });
  const options = trustedPublishingServerOptions([github, gitlab, offOrigin], AUDIENCE);
  // Refusals count as failed authentications: this server allows many (a test checks the block).
  const server = await startTestServer({
    clock,
    env: { ...options.env, PKG_AUTH_FAILURE_LIMIT: '1000' },
    dataEnv: options.dataEnv,
  });
  const owner = (await createUser(server.deps.registry, 'acme')).token.token;
  const post = async (path: string, body: unknown, token?: string) =>
    answer(
      await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  const trpc = async (path: string, input: unknown, token: string) =>
    answer(
      await fetch(`${server.url}/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ json: input }),
      }),
    );
  const publish = async (token: string, name = 'clock', version = '1.1.0') => {
    const pkg = await buildPackage({ namespace: 'acme', name, version });
    return answer(await publishArchive(server.url, token, pkg.bytes));
  };
  for (const name of ['clock', 'bell', 'gong', 'lonely'])
    expect((await publish(owner, name, '1.0.0')).status).toBe(201);
  for (const publisher of PUBLISHERS)
    expect((await trpc('publishers.add', { namespace: 'acme', ...publisher }, owner)).status).toBe(200);
  return {
    server,
    github,
    gitlab,
    stranger,
    offOrigin,
    owner,
    clock,
    setOffset: (ms) => {
      offsetMs = ms;
    },
    job: (over = {}) => ({
      repository: 'acme/clock',
      workflow: '.github/workflows/release.yml',
      audience: AUDIENCE,
      ...over,
    }),
    post,
    exchange: (idToken, pkg = '@acme/clock') => post('/auth/oidc/token', { token: idToken, package: pkg }),
    trpc,
    publish,
    async close() {
      await server.close();
      for (const issuer of [github, gitlab, stranger, offOrigin]) await issuer.close();
    },
  };
}
