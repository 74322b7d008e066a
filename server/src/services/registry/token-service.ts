// Token management: whoami, list, create (value returned once) and revoke.
import {
  RegistryError,
  type CreatedToken,
  type CreateTokenInput,
  type TokenInfo,
  type TokenKind,
  type Whoami,
} from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import type { TokenDoc } from '../../db/models/token.js';
import { tokenInfo, type Auth } from './auth-service.js';
import { namespacesOf } from './namespace-service.js';
import { hashToken, newTokenId, newTokenValue } from './tokens.js';

const DAY_MS = 86_400_000;

export async function whoami(deps: RegistryDeps, auth: Auth): Promise<Whoami> {
  const { owns, maintains } = await namespacesOf(deps, auth.user);
  const all = [...new Set([...owns, ...maintains])].sort();
  const scoped = auth.token.namespaces;
  return {
    user: auth.user,
    namespaces: scoped ? all.filter((n) => scoped.includes(n)) : all,
    owns,
    maintains,
    token: tokenInfo(auth.token),
  };
}

export async function listTokens(deps: RegistryDeps, user: string): Promise<TokenInfo[]> {
  const docs = await deps.models.Token.find({ user, revokedAt: null })
    .sort({ createdAt: 1 })
    .lean<TokenDoc[]>();
  const now = deps.clock().getTime();
  return docs.filter((t) => !t.expiresAt || t.expiresAt.getTime() > now).map(tokenInfo);
}

/** Issue a token; `kind` is `publish` for POST /auth/tokens, `manage` only through pkg-admin. */
export async function issueToken(
  deps: RegistryDeps,
  user: string,
  input: CreateTokenInput & { kind?: TokenKind },
): Promise<CreatedToken> {
  const value = newTokenValue();
  const now = deps.clock();
  const doc = await deps.models.Token.create({
    tokenId: newTokenId(),
    hash: hashToken(value),
    user,
    kind: input.kind ?? 'publish',
    label: input.label ?? null,
    namespaces: input.namespaces ? [...new Set(input.namespaces)].sort() : null,
    createdAt: now,
    expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
  });
  return { ...tokenInfo(doc.toObject()), token: value };
}

export async function revokeToken(deps: RegistryDeps, user: string | undefined, id: string) {
  const filter = user === undefined ? { tokenId: id } : { tokenId: id, user };
  const doc = await deps.models.Token.findOne(filter).lean<TokenDoc>();
  if (!doc || doc.revokedAt)
    throw new RegistryError('NOT_FOUND', `Token ${id} does not exist or is already revoked.`);
  const revokedAt = deps.clock();
  await deps.models.Token.updateOne({ tokenId: id, revokedAt: null }, { $set: { revokedAt } });
  return { id, revoked: true as const, revokedAt: revokedAt.toISOString(), user: doc.user, kind: doc.kind };
}
