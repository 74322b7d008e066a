// Users are created by the operator; each starts with a managing token.
import { RegistryError, userNameSchema, type CreatedToken } from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import { issueToken } from './token-service.js';

export async function createUser(
  deps: RegistryDeps,
  name: string,
): Promise<{ user: string; token: CreatedToken }> {
  const user = userNameSchema.parse(name);
  try {
    await deps.models.User.create({ name: user, createdAt: deps.clock() });
  } catch (error) {
    if ((error as { code?: unknown }).code === 11000)
      throw new RegistryError('BAD_REQUEST', `User ${user} already exists.`);
    throw error;
  }
  return { user, token: await issueToken(deps, user, { kind: 'manage', label: 'created with the user' }) };
}

export async function listUsers(deps: RegistryDeps) {
  const users = await deps.models.User.find({}, { name: 1, createdAt: 1 }).sort({ name: 1 }).lean();
  return users.map((u) => ({ name: u.name, createdAt: u.createdAt.toISOString() }));
}
