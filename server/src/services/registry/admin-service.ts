// Operator actions behind pkg-admin: users with their token counts, tokens issued to any user,
// token rotation, and reserving namespaces. Framework-free; pkg-admin prints the results.
import {
  namespaceSchema,
  RegistryError,
  userNameSchema,
  type CreatedToken,
  type CreateTokenInput,
  type TokenInfo,
  type TokenKind,
} from '@pkg/shared';
import type { TokenDoc } from '../../db/models/token.js';
import type { RegistryDeps } from './registry-deps.js';
import { tokenInfo } from './auth-service.js';
import { issueToken, revokeToken } from './token-service.js';
import { listUsers } from './user-service.js';

const DAY_MS = 86_400_000;

export interface UserSummary {
  name: string;
  createdAt: string;
  /** Tokens neither revoked nor expired. */
  activeTokens: number;
}

export interface AdminTokenInfo extends TokenInfo {
  user: string;
  revokedAt: string | null;
}

function isActive(token: Pick<TokenDoc, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return !token.revokedAt && (!token.expiresAt || token.expiresAt.getTime() > now.getTime());
}

async function assertUser(deps: RegistryDeps, name: string): Promise<string> {
  const user = userNameSchema.parse(name);
  if (!(await deps.models.User.exists({ name: user }))) {
    throw new RegistryError(
      'NOT_FOUND',
      `User ${user} does not exist; create it with "pkg-admin user create ${user}".`,
    );
  }
  return user;
}

export async function listUserSummaries(deps: RegistryDeps): Promise<UserSummary[]> {
  const users = await listUsers(deps);
  const tokens = await deps.models.Token.find(
    { revokedAt: null },
    { user: 1, expiresAt: 1, revokedAt: 1 },
  ).lean<Pick<TokenDoc, 'user' | 'expiresAt' | 'revokedAt'>[]>();
  const now = deps.clock();
  const counts = new Map<string, number>();
  for (const t of tokens) if (isActive(t, now)) counts.set(t.user, (counts.get(t.user) ?? 0) + 1);
  return users.map((u) => ({ ...u, activeTokens: counts.get(u.name) ?? 0 }));
}

/** Every token of a user, revoked and expired ones included (never their values). */
export async function listUserTokens(deps: RegistryDeps, name: string): Promise<AdminTokenInfo[]> {
  const user = await assertUser(deps, name);
  const docs = await deps.models.Token.find({ user }).sort({ createdAt: 1 }).lean<TokenDoc[]>();
  return docs.map((t) => ({ ...tokenInfo(t), user: t.user, revokedAt: t.revokedAt?.toISOString() ?? null }));
}

export type IssueInput = CreateTokenInput & { kind: TokenKind };

/** Issue a token of either kind to an existing user: the value is in the result, once. */
export async function issueUserToken(
  deps: RegistryDeps,
  name: string,
  input: IssueInput,
): Promise<CreatedToken & { user: string }> {
  const user = await assertUser(deps, name);
  return { ...(await issueToken(deps, user, input)), user };
}

/**
 * Revoke a token and issue its replacement: same user, kind, label, namespaces and lifetime
 * (a token that expired after N days is replaced by one that expires N days from now).
 */
export async function rotateToken(
  deps: RegistryDeps,
  id: string,
): Promise<{ revoked: string; token: CreatedToken & { user: string } }> {
  const old = await deps.models.Token.findOne({ tokenId: id }).lean<TokenDoc>();
  if (!old || old.revokedAt)
    throw new RegistryError('NOT_FOUND', `Token ${id} does not exist or is already revoked.`);
  const lifetime = old.expiresAt
    ? Math.max(1, Math.round((old.expiresAt.getTime() - old.createdAt.getTime()) / DAY_MS))
    : undefined;
  const replacement = await issueToken(deps, old.user, {
    kind: old.kind,
    ...(old.label ? { label: old.label } : {}),
    ...(old.namespaces ? { namespaces: old.namespaces } : {}),
    ...(lifetime ? { expiresInDays: lifetime } : {}),
  });
  try {
    await revokeToken(deps, undefined, id);
  } catch (error) {
    // Revoked by someone else meanwhile: do not leave an extra token behind.
    await revokeToken(deps, undefined, replacement.id).catch(() => undefined);
    throw error;
  }
  return { revoked: id, token: { ...replacement, user: old.user } };
}

export interface ReserveResult {
  namespace: string;
  /** False when it was reserved already. */
  changed: boolean;
  owner: string | null;
}

/** Mark a namespace reserved (creating its document if needed): publishes then get 403. */
export async function reserveNamespace(deps: RegistryDeps, name: string): Promise<ReserveResult> {
  const namespace = namespaceSchema.parse(name);
  const { Namespace } = deps.models;
  const update = {
    $set: { reserved: true },
    $setOnInsert: { namespace, owner: null, maintainers: [], createdAt: deps.clock() },
  };
  let result;
  try {
    result = await Namespace.updateOne({ namespace }, update, { upsert: true });
  } catch (error) {
    // Created by a first publish at the same moment: reserve the existing document.
    if ((error as { code?: unknown }).code !== 11000) throw error;
    result = await Namespace.updateOne({ namespace }, { $set: update.$set });
  }
  const doc = await Namespace.findOne({ namespace }, { owner: 1 }).lean();
  return {
    namespace,
    changed: result.modifiedCount > 0 || result.upsertedCount > 0,
    owner: doc?.owner ?? null,
  };
}
