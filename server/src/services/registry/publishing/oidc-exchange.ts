// The OIDC exchange (docs/publishing.md, "The exchange"): a CI job's ID token for a publish token
// of one package, valid 15 minutes, in steps:
//   publishers  the package's trusted publishers (none: refused before the token is read)
//   verify      signature, issuer, audience, time (oidc-verify.ts)
//   match       the job's repository, workflow and environment against the publishers (oidc-claims.ts)
//   consume     the ID token's jti, once (a unique index on issuer and jti)
//   issue       a publish token scoped to the package, carrying the verified build identity
// A refusal is an OIDC_REFUSED naming the failed check and counts as a failed authentication of
// the client (the block of docs/registry-api.md); nothing is stored on a refusal.
import {
  formatPackageId,
  OIDC_TOKEN_MINUTES,
  parsePackageId,
  RegistryError,
  type BuildIdentity,
  type OidcConfig,
  type OidcExchangeInput,
  type OidcExchangeOutput,
} from '@pkg/shared';
import type { TrustedPublisherDoc } from '../../../db/models/trusted-publisher.js';
import { assertNotBlocked } from '../auth-service.js';
import type { RegistryDeps } from '../registry-deps.js';
import { hashToken, newTokenId, newTokenValue } from '../tokens.js';
import { ciIdentity, matchPublisher } from './oidc-claims.js';
import { CLOCK_TOLERANCE_S, oidcRefused, verifyIdToken, type VerifiedIdToken } from './oidc-verify.js';

/** The exchange route, relative to the registry's base URL. */
export const OIDC_EXCHANGE_PATH = '/auth/oidc/token';

export function oidcConfig(deps: RegistryDeps): OidcConfig {
  return {
    audience: deps.config.PKG_OIDC_AUDIENCE,
    issuers: deps.config.PKG_OIDC_ISSUERS.map(({ platform, issuer }) => ({ platform, issuer })),
    exchange: OIDC_EXCHANGE_PATH,
  };
}

async function publishersOf(deps: RegistryDeps, pkg: string) {
  const ref = parsePackageId(pkg);
  if (!ref) throw new RegistryError('BAD_REQUEST', `${pkg} is not a package id (@namespace/name).`);
  const publishers = await deps.models.TrustedPublisher.find(ref).lean<TrustedPublisherDoc[]>();
  if (publishers.length === 0)
    throw oidcRefused(`${pkg} has no trusted publisher; add one with \`pkg trust add\``);
  return { ref, publishers };
}

async function consumeJti(deps: RegistryDeps, verified: VerifiedIdToken): Promise<void> {
  const { jti, exp } = verified.payload;
  if (typeof jti !== 'string' || jti === '')
    throw oidcRefused('the ID token carries no jti, so its single use cannot be checked');
  const expiresAt = new Date(((exp ?? 0) + CLOCK_TOLERANCE_S) * 1000);
  try {
    await deps.models.OidcJti.create({ issuer: verified.setting.issuer, jti, expiresAt });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 11000) throw error;
    throw oidcRefused(`this ID token was already exchanged (jti ${jti.slice(0, 80)})`);
  }
}

async function issuePublishToken(
  deps: RegistryDeps,
  publisher: TrustedPublisherDoc,
  build: BuildIdentity,
): Promise<OidcExchangeOutput> {
  const value = newTokenValue();
  const now = deps.clock();
  const pkg = formatPackageId(publisher.namespace, publisher.name);
  const expiresAt = new Date(now.getTime() + OIDC_TOKEN_MINUTES * 60_000);
  await deps.models.Token.create({
    tokenId: newTokenId(),
    hash: hashToken(value),
    user: publisher.addedBy,
    kind: 'publish',
    label: `oidc ${build.platform} ${build.repository}@${build.commit.slice(0, 7)}`,
    namespaces: [publisher.namespace],
    package: pkg,
    build,
    createdAt: now,
    expiresAt,
  });
  return { token: value, package: pkg, expiresAt: expiresAt.toISOString(), build };
}

async function exchange(deps: RegistryDeps, input: OidcExchangeInput): Promise<OidcExchangeOutput> {
  const { ref, publishers } = await publishersOf(deps, input.package);
  const verified = await verifyIdToken(deps, input.token);
  const identity = ciIdentity(verified);
  const publisher = matchPublisher(formatPackageId(ref.namespace, ref.name), publishers, identity);
  await consumeJti(deps, verified);
  const build: BuildIdentity = { ...identity, publisherId: publisher.publisherId };
  const issued = await issuePublishToken(deps, publisher, build);
  deps.logger.info(
    {
      package: issued.package,
      publisher: publisher.publisherId,
      repository: build.repository,
      run: build.runUrl,
    },
    'oidc exchange',
  );
  return issued;
}

/** Exchanges the ID token, or refuses it and counts the refusal as a failed authentication. */
export async function exchangeIdToken(
  deps: RegistryDeps,
  input: OidcExchangeInput,
  client: string,
): Promise<OidcExchangeOutput> {
  await assertNotBlocked(deps, client);
  try {
    return await exchange(deps, input);
  } catch (error) {
    if (error instanceof RegistryError && error.code === 'OIDC_REFUSED')
      await deps.limiter.recordAuthFailure(client);
    throw error;
  }
}
