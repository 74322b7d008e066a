// Bearer-token authentication (docs/registry-api.md): who is calling, with which
// token, and the authentication-failure block. Errors are RegistryErrors with safe messages.
import { formatPackageId, RegistryError, TOKEN_PATTERN, type PackageRef, type TokenInfo } from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import type { TokenDoc } from '../../db/models/token.js';
import { findOne } from '../../db/store-commands.js';
import { hashToken } from './tokens.js';

export interface Auth {
  user: string;
  token: TokenDoc;
}

const LAST_USED_PRECISION_MS = 60_000;

export function tokenInfo(token: TokenDoc): TokenInfo {
  return {
    id: token.tokenId,
    kind: token.kind,
    label: token.label ?? null,
    namespaces: token.namespaces ?? null,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    // Only a token from the OIDC exchange names its one package (docs/publishing.md).
    ...(token.package ? { package: token.package } : {}),
  };
}

async function refuse(deps: RegistryDeps, client: string, message: string): Promise<never> {
  await deps.limiter.recordAuthFailure(client);
  throw new RegistryError('UNAUTHENTICATED', message);
}

export async function assertNotBlocked(deps: RegistryDeps, client: string): Promise<void> {
  const seconds = await deps.limiter.blockedFor(client);
  if (seconds > 0) {
    throw new RegistryError(
      'RATE_LIMITED',
      `Too many failed authentications from this client; try again in ${Math.ceil(seconds / 60)} minute(s).`,
      { retryAfter: seconds },
    );
  }
}

/** The bearer token of the header when it has the registry's token form. */
function bearerToken(authorization: string | undefined): string | undefined {
  const value = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return value && TOKEN_PATTERN.test(value) ? value : undefined;
}

/**
 * Resolve the Authorization header to a user and token, or throw 401 (or 429 when blocked). The
 * block and the token are read at once (one round trip); a block is the answer before the rest.
 */
export async function authenticate(
  deps: RegistryDeps,
  authorization: string | undefined,
  client: string,
): Promise<Auth> {
  const value = bearerToken(authorization);
  const [blocked, found] = await Promise.allSettled([
    assertNotBlocked(deps, client),
    value
      ? findOne<TokenDoc>(deps.commands, deps.models.Token.collection.collectionName, {
          hash: hashToken(value),
        })
      : null,
  ]);
  if (blocked.status === 'rejected') throw blocked.reason;
  if (!authorization)
    return refuse(deps, client, 'Authentication required: send "Authorization: Bearer <token>".');
  if (!value) {
    return refuse(deps, client, 'The Authorization header must be "Bearer pkg_…" with a registry token.');
  }
  if (found.status === 'rejected') throw found.reason;
  const token = found.value;
  if (!token) return refuse(deps, client, 'The token is not valid for this registry.');
  const now = deps.clock();
  if (token.revokedAt)
    return refuse(deps, client, 'The token has been revoked; create or ask for a new one.');
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) {
    return refuse(deps, client, 'The token has expired; create or ask for a new one.');
  }
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await deps.models.Token.updateOne({ tokenId: token.tokenId }, { $set: { lastUsedAt: now } });
  }
  return { user: token.user, token };
}

/** A managing token is required (token management, maintainers). */
export function requireManageToken(auth: Auth): void {
  if (auth.token.kind !== 'manage') {
    throw new RegistryError(
      'TOKEN_SCOPE',
      'This operation needs a managing token; a publish token can only publish and call whoami.',
    );
  }
}

/**
 * The token's scope over a package: its namespaces, and the one package of a token from the OIDC
 * exchange (docs/publishing.md). Publish, yank, deprecate and the trusted publishers check it.
 */
export function assertTokenScope(auth: Auth, ref: PackageRef): void {
  const { namespace } = ref;
  if (auth.token.namespaces && !auth.token.namespaces.includes(namespace))
    throw new RegistryError(
      'TOKEN_SCOPE',
      `This token is for the namespaces ${auth.token.namespaces.join(', ')} only, not for ${namespace}.`,
    );
  const id = formatPackageId(namespace, ref.name);
  if (auth.token.package && auth.token.package !== id)
    throw new RegistryError(
      'TOKEN_SCOPE',
      `This token is for ${auth.token.package} only (it comes from the OIDC exchange for that package), not for ${id}.`,
    );
}
