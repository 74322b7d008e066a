// Namespaces: what a namespace holds (getNamespace), and its rules: reserved namespaces refuse publishes, the first publish to an unowned
// namespace claims it, afterwards only the owner and maintainers may publish. Maintainers are
// managed by the owner with a managing token.
import { RegistryError, type NamespaceInfo } from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import type { NamespaceDoc } from '../../db/models/namespace.js';
import { findOne } from '../../db/store-commands.js';
import type { Auth } from './auth-service.js';

function reserved(namespace: string): RegistryError {
  return new RegistryError(
    'NAMESPACE_RESERVED',
    `The namespace ${namespace} is reserved by the registry operator.`,
  );
}

/** The refusal of a user who is neither the namespace's owner nor one of its maintainers. */
export function notAMember(user: string, namespace: string): RegistryError {
  return new RegistryError(
    'FORBIDDEN',
    `You (${user}) are neither the owner nor a maintainer of the namespace ${namespace}.`,
  );
}

/** Make sure `user` may publish into `namespace`, claiming it when nobody owns it. */
export async function claimNamespace(deps: RegistryDeps, namespace: string, user: string): Promise<void> {
  if (isReservedNamespace(deps, namespace)) throw reserved(namespace);
  const { Namespace } = deps.models;
  for (let attempt = 0; attempt < 2; attempt++) {
    const doc = await findOne<NamespaceDoc>(deps.commands, Namespace.collection.collectionName, {
      namespace,
    });
    if (doc?.reserved) throw reserved(namespace);
    if (doc?.owner) {
      if (doc.owner === user || doc.maintainers.includes(user)) return;
      throw notAMember(user, namespace);
    }
    try {
      if (doc) {
        const claimed = await Namespace.updateOne(
          { namespace, owner: null, reserved: { $ne: true } },
          { $set: { owner: user } },
        );
        if (claimed.modifiedCount === 1) return;
      } else {
        await Namespace.create({
          namespace,
          owner: user,
          maintainers: [],
          reserved: false,
          createdAt: deps.clock(),
        });
        return;
      }
    } catch (error) {
      if ((error as { code?: unknown }).code !== 11000) throw error;
    }
    // Someone else claimed it at the same moment: check again against their claim.
  }
  throw new RegistryError('FORBIDDEN', `The namespace ${namespace} was claimed by another user.`);
}

async function ownedNamespace(deps: RegistryDeps, auth: Auth, namespace: string) {
  const doc = await deps.models.Namespace.findOne({ namespace }).lean();
  if (!doc) throw new RegistryError('NOT_FOUND', `Namespace ${namespace} does not exist.`);
  if (doc.owner !== auth.user) {
    throw new RegistryError('FORBIDDEN', `Only the owner of ${namespace} may change its maintainers.`);
  }
  return doc;
}

export async function addMaintainer(
  deps: RegistryDeps,
  auth: Auth,
  namespace: string,
  user: string,
): Promise<NamespaceInfo> {
  await ownedNamespace(deps, auth, namespace);
  if (!(await deps.models.User.exists({ name: user })))
    throw new RegistryError('NOT_FOUND', `User ${user} does not exist.`);
  if (user !== auth.user)
    await deps.models.Namespace.updateOne({ namespace }, { $addToSet: { maintainers: user } });
  return getNamespace(deps, namespace);
}

export async function removeMaintainer(
  deps: RegistryDeps,
  auth: Auth,
  namespace: string,
  user: string,
): Promise<NamespaceInfo> {
  const doc = await ownedNamespace(deps, auth, namespace);
  if (!doc.maintainers.includes(user))
    throw new RegistryError('NOT_FOUND', `${user} is not a maintainer of ${namespace}.`);
  await deps.models.Namespace.updateOne({ namespace }, { $pull: { maintainers: user } });
  return getNamespace(deps, namespace);
}

export async function namespacesOf(
  deps: RegistryDeps,
  user: string,
): Promise<{ owns: string[]; maintains: string[] }> {
  const [owned, maintained] = await Promise.all([
    deps.models.Namespace.find({ owner: user }, { namespace: 1 }).lean(),
    deps.models.Namespace.find({ maintainers: user }, { namespace: 1 }).lean(),
  ]);
  return { owns: owned.map((n) => n.namespace).sort(), maintains: maintained.map((n) => n.namespace).sort() };
}

export function isReservedNamespace(
  deps: RegistryDeps,
  namespace: string,
  doc?: { reserved?: boolean | null } | null,
): boolean {
  return deps.config.PKG_RESERVED_NAMESPACES.includes(namespace) || doc?.reserved === true;
}

export async function getNamespace(deps: RegistryDeps, namespace: string): Promise<NamespaceInfo> {
  const doc = await deps.models.Namespace.findOne({ namespace }).lean();
  const reserved = isReservedNamespace(deps, namespace, doc);
  if (!doc && !reserved) throw new RegistryError('NOT_FOUND', `Namespace ${namespace} does not exist.`);
  const packages = await deps.models.Package.find({ namespace }, { id: 1 })
    .sort({ id: 1 })
    .lean<{ id: string }[]>();
  return {
    namespace,
    owner: doc?.owner ?? null,
    maintainers: [...(doc?.maintainers ?? [])].sort(),
    reserved,
    packages: packages.map((p) => p.id),
  };
}
