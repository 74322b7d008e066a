// Trusted publishers and the publishing policy of a package (docs/publishing.md, "Registering a
// trusted publisher"): anyone may read them; only the namespace's owner may add or remove a
// publisher or require trusted publishing, with a managing token. A publisher may be added before
// the package's first version (owning the namespace is owning every package name in it), so that
// the first version too is published from CI, in a namespace it claims for the caller when nobody
// owns it yet (as a first publish would); the policy is set on a package that exists.
import {
  formatPackageId,
  RegistryError,
  type AddPublisherInput,
  type PackagePublishers,
  type PackageRef,
  type TrustedPublisher,
} from '@pkg/shared';
import type { TrustedPublisherDoc } from '../../../db/models/trusted-publisher.js';
import { assertTokenScope, type Auth } from '../auth-service.js';
import { claimNamespace, notAMember } from '../namespace-service.js';
import type { RegistryDeps } from '../registry-deps.js';
import { base62 } from '../tokens.js';

/** At most this many trusted publishers a package. */
export const MAX_PUBLISHERS = 20;
const GITHUB_WORKFLOWS = '.github/workflows/';
const newPublisherId = (): string => `tp_${base62(16)}`;

export function publisherOf(doc: TrustedPublisherDoc): TrustedPublisher {
  return {
    id: doc.publisherId,
    platform: doc.platform,
    issuer: doc.issuer,
    repository: doc.repository,
    workflow: doc.workflow,
    environment: doc.environment ?? null,
    addedBy: doc.addedBy,
    addedAt: doc.addedAt.toISOString(),
  };
}

/**
 * The namespace's owner, with a token scoped to it; a maintainer is refused too. `claim`: a
 * namespace nobody owns yet is claimed for the caller first, as a first publish would claim it.
 */
export async function assertOwner(
  deps: RegistryDeps,
  auth: Auth,
  ref: PackageRef,
  { claim = false }: { claim?: boolean } = {},
): Promise<void> {
  const { namespace } = ref;
  assertTokenScope(auth, ref);
  if (claim && auth.token.kind === 'manage') await claimNamespace(deps, namespace, auth.user);
  const doc = await deps.models.Namespace.findOne({ namespace }, { owner: 1, maintainers: 1 }).lean();
  if (doc?.owner === auth.user) return;
  if (!doc?.maintainers.includes(auth.user)) throw notAMember(auth.user, namespace);
  throw new RegistryError(
    'FORBIDDEN',
    `Only the owner of the namespace ${namespace} (${doc.owner}) manages the trusted publishers of ${formatPackageId(namespace, ref.name)}; you (${auth.user}) are a maintainer.`,
  );
}

async function assertPublished(deps: RegistryDeps, ref: PackageRef): Promise<void> {
  if (await deps.models.Version.exists({ namespace: ref.namespace, name: ref.name })) return;
  throw new RegistryError(
    'NOT_FOUND',
    `${formatPackageId(ref.namespace, ref.name)} has no published version; require trusted publishing once its first version is published (from a trusted publisher or with a token).`,
  );
}

/** A package's publishers; NOT_FOUND for a name with neither a version nor a publisher. */
export async function listPublishers(deps: RegistryDeps, ref: PackageRef): Promise<PackagePublishers> {
  const { namespace, name } = ref;
  const [pkg, docs] = await Promise.all([
    deps.models.Package.findOne({ namespace, name }, { requireTrustedPublishing: 1 }).lean(),
    deps.models.TrustedPublisher.find({ namespace, name })
      .sort({ addedAt: 1, publisherId: 1 })
      .lean<TrustedPublisherDoc[]>(),
  ]);
  if (!pkg && docs.length === 0)
    throw new RegistryError(
      'NOT_FOUND',
      `${formatPackageId(namespace, name)} has no published version and no trusted publisher.`,
    );
  return {
    package: formatPackageId(namespace, name),
    requireTrustedPublishing: pkg?.requireTrustedPublishing === true,
    publishers: docs.map(publisherOf),
  };
}

/** GitHub: a bare file name is under `.github/workflows/`; the path must be there. */
export function normalizeWorkflow(platform: AddPublisherInput['platform'], workflow: string): string {
  if (platform !== 'github') return workflow;
  const path = workflow.includes('/') ? workflow : `${GITHUB_WORKFLOWS}${workflow}`;
  if (!path.startsWith(GITHUB_WORKFLOWS) || path.length === GITHUB_WORKFLOWS.length)
    throw new RegistryError(
      'BAD_REQUEST',
      `A GitHub workflow is a file under ${GITHUB_WORKFLOWS} (release.yml or ${GITHUB_WORKFLOWS}release.yml), not ${workflow}.`,
    );
  return path;
}

function issuerFor(deps: RegistryDeps, platform: AddPublisherInput['platform']): string {
  const setting = deps.config.PKG_OIDC_ISSUERS.find((i) => i.platform === platform);
  if (setting) return setting.issuer;
  throw new RegistryError(
    'BAD_REQUEST',
    `This registry accepts no ${platform} ID tokens (PKG_OIDC_ISSUERS names no ${platform} issuer).`,
  );
}

async function assertRoom(
  deps: RegistryDeps,
  input: AddPublisherInput,
  fields: Partial<TrustedPublisherDoc>,
) {
  const { namespace, name } = input;
  const existing = await deps.models.TrustedPublisher.find({ namespace, name }).lean<TrustedPublisherDoc[]>();
  const twin = existing.find(
    (p) =>
      p.issuer === fields.issuer &&
      p.repository.toLowerCase() === fields.repository?.toLowerCase() &&
      p.workflow === fields.workflow &&
      (p.environment ?? null) === (fields.environment ?? null),
  );
  if (twin)
    throw new RegistryError(
      'BAD_REQUEST',
      `This publisher is already trusted by ${formatPackageId(namespace, name)} (${twin.publisherId}).`,
    );
  if (existing.length >= MAX_PUBLISHERS)
    throw new RegistryError(
      'BAD_REQUEST',
      `A package has at most ${MAX_PUBLISHERS} trusted publishers; remove one first.`,
    );
}

/**
 * A new revision of the package once its publishers have changed, so that what readers keep per
 * revision (the server's package pages: docs/performance.md, "The package page, second pass: files
 * sent as built") is read again; nothing when the package has no version yet.
 */
async function bumpRevision(deps: RegistryDeps, ref: PackageRef): Promise<void> {
  await deps.models.Package.updateOne(
    { namespace: ref.namespace, name: ref.name },
    { $inc: { revision: 1 } },
  );
}

export async function addPublisher(
  deps: RegistryDeps,
  auth: Auth,
  input: AddPublisherInput,
): Promise<TrustedPublisher> {
  const { namespace, name, platform } = input;
  await assertOwner(deps, auth, input, { claim: true });
  const fields = {
    platform,
    issuer: issuerFor(deps, platform),
    repository: input.repository,
    workflow: normalizeWorkflow(platform, input.workflow),
    environment: input.environment ?? null,
  };
  await assertRoom(deps, input, fields);
  const doc = await deps.models.TrustedPublisher.create({
    publisherId: newPublisherId(),
    namespace,
    name,
    ...fields,
    addedBy: auth.user,
    addedAt: deps.clock(),
  });
  await bumpRevision(deps, input);
  deps.logger.info(
    { package: formatPackageId(namespace, name), publisher: doc.publisherId, by: auth.user },
    'trusted publisher added',
  );
  return publisherOf(doc.toObject());
}

export async function removePublisher(
  deps: RegistryDeps,
  auth: Auth,
  input: PackageRef & { id: string },
): Promise<{ removed: true; id: string }> {
  const { namespace, name, id } = input;
  await assertOwner(deps, auth, input);
  const removed = await deps.models.TrustedPublisher.deleteOne({ publisherId: id, namespace, name });
  if (removed.deletedCount !== 1)
    throw new RegistryError(
      'NOT_FOUND',
      `${formatPackageId(namespace, name)} has no trusted publisher ${id}.`,
    );
  await bumpRevision(deps, input);
  deps.logger.info(
    { package: formatPackageId(namespace, name), publisher: id, by: auth.user },
    'trusted publisher removed',
  );
  return { removed: true, id };
}

export async function setPublishingPolicy(
  deps: RegistryDeps,
  auth: Auth,
  input: PackageRef & { requireTrustedPublishing: boolean },
): Promise<PackagePublishers> {
  const { namespace, name, requireTrustedPublishing } = input;
  await assertOwner(deps, auth, input);
  await assertPublished(deps, input);
  await deps.models.Package.updateOne(
    { namespace, name },
    { $set: { requireTrustedPublishing }, $inc: { revision: 1 } },
  );
  return listPublishers(deps, input);
}
