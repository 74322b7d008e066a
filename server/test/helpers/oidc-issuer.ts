// A double of a CI platform's OIDC issuer (docs/publishing.md, "The exchange"): a real local HTTP
// server answering the discovery document and the JWKS, with keys generated here, and the ID
// tokens a CI job would get. Its documents and claims follow:
// - GitHub's discovery document, https://token.actions.githubusercontent.com/.well-known/openid-configuration
//   (issuer, jwks_uri on the issuer's origin, response_types_supported, subject_types_supported,
//   id_token_signing_alg_values_supported: RS256, claims_supported), and its ID token's claims,
//   https://docs.github.com/en/actions/reference/security/oidc
// - GitLab's ID token claims, https://docs.gitlab.com/ci/secrets/id_token_authentication/ (its
//   discovery document names the JWKS at /oauth/discovery/keys)
// - OpenID Connect Discovery 1.0, https://openid.net/specs/openid-connect-discovery-1_0.html
// Bad tokens (alg none, HS256 signed with the public key as the secret) are built by hand.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export type OidcTestPlatform = 'github' | 'gitlab';

export interface OidcIssuerOptions {
  /** Whose documents it imitates: the JWKS path and the claims builders' defaults. Default github. */
  platform?: OidcTestPlatform;
  /** The signing algorithm of its first key; default RS256 (what GitHub and GitLab use). */
  alg?: 'RS256' | 'ES256' | 'PS256' | 'EdDSA';
  /** Announce another jwks_uri (e.g. on another origin, which the registry refuses). */
  jwksUri?: string;
  /** What `id_token_signing_alg_values_supported` announces; default [alg]. */
  algorithms?: string[];
  /** The clock the claims builders read `iat`, `nbf` and `exp` from; default the real one. */
  clock?: () => Date;
}

export interface SignOptions {
  alg?: string;
  /** The header's kid; a kid of a key added with addKey signs with that key. */
  kid?: string;
  /** Sign with this private key instead (its kid is `kid`, or the first key's). */
  key?: CryptoKey;
}

/** The CI job a GitHub-shaped or GitLab-shaped token describes. */
export interface CiJob {
  /** `owner/repo` (GitHub) or `group/project` (GitLab). */
  repository: string;
  /** The workflow file's path: `.github/workflows/release.yml`, `.gitlab-ci.yml`. */
  workflow?: string;
  environment?: string;
  sha?: string;
  ref?: string;
  runId?: string;
  /** GitHub's run_attempt. */
  runAttempt?: string;
  /** The `aud` claim. */
  audience: string;
  /** Seconds from now; defaults: iat now, nbf now − 5 s, exp now + 300 s. */
  expiresIn?: number;
  notBeforeIn?: number;
  /** The jti claim; default a fresh UUID; null leaves it out. */
  jti?: string | null;
  /** Claims to add or replace. */
  extra?: Record<string, unknown>;
}

export interface OidcIssuer {
  /** The issuer URL (the `iss` of its tokens), `http://127.0.0.1:<port>`. */
  url: string;
  platform: OidcTestPlatform;
  /** The kid of the first key. */
  kid: string;
  /** How many times each document was read (to prove caching and the refetch limit). */
  requests: { discovery: number; jwks: number };
  /** Signs claims as this issuer (header alg and kid of the first key unless told). */
  sign(claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  /** Claims as GitHub Actions writes them for `job` (iss: this issuer). */
  githubClaims(job: CiJob): Record<string, unknown>;
  /** Claims as GitLab CI writes them for `job` (iss: this issuer). */
  gitlabClaims(job: CiJob): Record<string, unknown>;
  /** This platform's claims for `job`, signed. */
  token(job: CiJob, options?: SignOptions): Promise<string>;
  /** An unsigned token: header `{"alg":"none"}`, an empty signature. */
  unsignedToken(claims: Record<string, unknown>): string;
  /** HS256 with the issuer's public key (its SPKI PEM) as the HMAC secret: the confusion attack. */
  hs256WithPublicKey(claims: Record<string, unknown>): Promise<string>;
  /** Generates another key and publishes it in the JWKS (or not): its kid. */
  addKey(options?: { publish?: boolean }): Promise<string>;
  close(): Promise<void>;
}

interface KeyEntry {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwk: JWK;
  published: boolean;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

async function newKey(alg: string, kid: string, published: boolean): Promise<KeyEntry> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey, publicKey, jwk, published };
}

/** GitHub's discovery document's shape (see the header), with this server's URLs. */
function discoveryDocument(url: string, jwksUri: string, algorithms: string[]) {
  return {
    issuer: url,
    jwks_uri: jwksUri,
    subject_types_supported: ['public', 'pairwise'],
    response_types_supported: ['id_token'],
    claims_supported: [
      ...['sub', 'aud', 'exp', 'iat', 'iss', 'jti', 'nbf', 'ref', 'sha', 'repository', 'repository_id'],
      ...['repository_owner', 'run_id', 'run_number', 'run_attempt', 'actor', 'workflow', 'workflow_ref'],
      ...['event_name', 'ref_type', 'environment', 'job_workflow_ref', 'job_workflow_sha'],
      ...['project_path', 'pipeline_id', 'ci_config_ref_uri', 'ref_path', 'namespace_path'],
    ],
    id_token_signing_alg_values_supported: algorithms,
    scopes_supported: ['openid'],
  };
}

function times(job: CiJob, clock: () => Date) {
  const now = Math.floor(clock().getTime() / 1000);
  return {
    iat: now,
    nbf: now + (job.notBeforeIn ?? -5),
    exp: now + (job.expiresIn ?? 300),
    ...(job.jti === null ? {} : { jti: job.jti ?? randomUUID() }),
  };
}

function githubClaimsOf(url: string, job: CiJob, clock: () => Date): Record<string, unknown> {
  const workflow = job.workflow ?? '.github/workflows/release.yml';
  const ref = job.ref ?? 'refs/tags/v1.0.0';
  const [owner] = job.repository.split('/');
  return {
    iss: url,
    aud: job.audience,
    sub: `repo:${job.repository}:${job.environment ? `environment:${job.environment}` : `ref:${ref}`}`,
    ref,
    sha: job.sha ?? 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    repository: job.repository,
    repository_owner: owner,
    run_id: job.runId ?? '1234567890',
    run_number: '7',
    ...(job.runAttempt ? { run_attempt: job.runAttempt } : {}),
    actor: owner,
    event_name: 'push',
    ref_type: ref.startsWith('refs/tags/') ? 'tag' : 'branch',
    workflow: 'Release',
    workflow_ref: `${job.repository}/${workflow}@${ref}`,
    job_workflow_ref: `${job.repository}/${workflow}@${ref}`,
    runner_environment: 'github-hosted',
    ...(job.environment ? { environment: job.environment } : {}),
    ...times(job, clock),
    ...job.extra,
  };
}

function gitlabClaimsOf(url: string, job: CiJob, clock: () => Date): Record<string, unknown> {
  const workflow = job.workflow ?? '.gitlab-ci.yml';
  const refPath = job.ref ?? 'refs/tags/v1.0.0';
  const host = new URL(url).host;
  return {
    iss: url,
    aud: job.audience,
    sub: `project_path:${job.repository}:ref_type:tag:ref:${refPath.replace(/^refs\/\w+\//, '')}`,
    namespace_path: job.repository.split('/').slice(0, -1).join('/'),
    project_path: job.repository,
    pipeline_id: job.runId ?? '574',
    pipeline_source: 'push',
    job_id: '302',
    ref: refPath.replace(/^refs\/\w+\//, ''),
    ref_type: refPath.startsWith('refs/tags/') ? 'tag' : 'branch',
    ref_path: refPath,
    sha: job.sha ?? '714a629c0b401fdce83e847fc9589983fc6f46bc',
    ci_config_ref_uri: `${host}/${job.repository}//${workflow}@${refPath}`,
    ...(job.environment ? { environment: job.environment } : {}),
    ...times(job, clock),
    ...job.extra,
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

/** Starts an issuer double on an ephemeral port of 127.0.0.1. */
export async function startOidcIssuer(options: OidcIssuerOptions = {}): Promise<OidcIssuer> {
  const platform = options.platform ?? 'github';
  const alg = options.alg ?? 'RS256';
  const clock = options.clock ?? (() => new Date());
  const keys: KeyEntry[] = [await newKey(alg, `key-${randomUUID().slice(0, 8)}`, true)];
  const first = keys[0] as KeyEntry;
  const requests = { discovery: 0, jwks: 0 };
  const jwksPath = platform === 'gitlab' ? '/oauth/discovery/keys' : '/.well-known/jwks';
  let url = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let body: unknown;
    if (path === '/.well-known/openid-configuration') {
      requests.discovery += 1;
      body = discoveryDocument(url, options.jwksUri ?? `${url}${jwksPath}`, options.algorithms ?? [alg]);
    } else if (path === jwksPath) {
      requests.jwks += 1;
      body = { keys: keys.filter((k) => k.published).map((k) => k.jwk) };
    }
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  url = await listen(server);

  async function sign(claims: Record<string, unknown>, signOptions: SignOptions = {}): Promise<string> {
    const byKid = keys.find((k) => k.kid === signOptions.kid);
    const entry = byKid ?? first;
    return new SignJWT(claims)
      .setProtectedHeader({
        alg: signOptions.alg ?? entry.alg,
        kid: signOptions.kid ?? entry.kid,
        typ: 'JWT',
      })
      .sign(signOptions.key ?? entry.privateKey);
  }
  const githubClaims = (job: CiJob) => githubClaimsOf(url, job, clock);
  const gitlabClaims = (job: CiJob) => gitlabClaimsOf(url, job, clock);

  return {
    url,
    platform,
    kid: first.kid,
    requests,
    sign,
    githubClaims,
    gitlabClaims,
    token: (job, signOptions) =>
      sign(platform === 'gitlab' ? gitlabClaims(job) : githubClaims(job), signOptions),
    unsignedToken: (claims) =>
      `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.`,
    async hs256WithPublicKey(claims) {
      const secret = await exportSPKI(first.publicKey);
      const input = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: first.kid }))}.${b64url(JSON.stringify(claims))}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    },
    async addKey(addOptions = {}) {
      const entry = await newKey(alg, `key-${randomUUID().slice(0, 8)}`, addOptions.publish ?? true);
      keys.push(entry);
      return entry.kid;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The options of startTestServer for a registry that accepts these issuers' ID tokens for
 * `audience`: PKG_OIDC_ISSUERS, PKG_OIDC_AUDIENCE, and PKG_NET_ALLOW_PRIVATE=1 (the doubles
 * listen on 127.0.0.1).
 */
export function trustedPublishingServerOptions(
  issuers: readonly OidcIssuer[],
  audience = 'https://registry.test',
): { env: Record<string, string>; dataEnv: Record<string, string> } {
  return {
    env: {
      PKG_OIDC_ISSUERS: issuers.map((i) => `${i.platform}=${i.url}`).join(','),
      PKG_OIDC_AUDIENCE: audience,
    },
    dataEnv: { PUBLIC_RPC_URL: 'off', PKG_NET_ALLOW_PRIVATE: '1' },
  };
}
