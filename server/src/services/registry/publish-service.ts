// Publish (docs/registry-api.md, Publish), in steps:
//   validate  the archive with the shared validator
//   authorize token scope (namespaces, and the one package of a token from the OIDC exchange),
//             the package's trusted-publishing requirement (docs/publishing.md), namespace
//             claim, publish rate, version not yet published; at the same time the signing key
//             is checked (it must be the registry's current key)
//   publish   store the artifact (verified by reading it back), write the version record with
//             its recorded provenance and the static look at its code (code-scan.ts, made while
//             the artifact is written: docs/performance.md, "Publish, fourth pass"), refresh
//             the package summary  (version-writes.ts)
// A failure at any step leaves nothing published.
import {
  buildIdentitySchema,
  formatPackageId,
  RegistryError,
  validateArchive,
  type BuildIdentity,
  type Manifest,
  type PublishOutput,
} from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import { assertStorageReady } from '../../db/availability.js';
import { findOne } from '../../db/store-commands.js';
import { assertTokenScope, authenticate, type Auth } from './auth-service.js';
import { codeScanOf } from './code-scan.js';
import { claimNamespace } from './namespace-service.js';
import type { ProvenanceOrigin } from './provenance.js';
import { downloadPath } from './records.js';
import { currentSigner } from './trust/signing-keys.js';
import { publishVersion } from './version-writes.js';

export const ARCHIVE_MEDIA_TYPE = 'application/gzip';

export interface PublishInput {
  auth: Auth;
  bytes: Buffer;
  client?: { name: string; version: string } | undefined;
  source?: { repository: string; commit: string } | undefined;
}

type Checked = Extract<Awaited<ReturnType<typeof validateArchive>>, { ok: true }>;

function versionExists(id: string, version: string): RegistryError {
  return new RegistryError(
    'VERSION_EXISTS',
    `${id}@${version} is already published; versions are immutable, publish a new version number.`,
  );
}

async function validate(bytes: Buffer): Promise<Checked> {
  const checked = await validateArchive(bytes);
  if (checked.ok) return checked;
  throw new RegistryError(
    'INVALID_PACKAGE',
    `The archive is not a valid skill package (${checked.problems.length} problem(s)).`,
    { details: checked.problems },
  );
}

/** The build identity a token from the OIDC exchange carries (docs/publishing.md), if any. */
export function tokenBuild(auth: Auth): BuildIdentity | undefined {
  const parsed = buildIdentitySchema.safeParse(auth.token.build);
  return parsed.success ? parsed.data : undefined;
}

/** A package that requires trusted publishing takes no token without a verified build. */
async function assertPublishingPolicy(deps: RegistryDeps, auth: Auth, manifest: Manifest) {
  if (tokenBuild(auth)) return;
  const { namespace, name } = manifest;
  const pkg = await findOne<{ requireTrustedPublishing?: boolean }>(
    deps.commands,
    deps.models.Package.collection.collectionName,
    { namespace, name },
    { projection: { requireTrustedPublishing: 1 } },
  );
  if (pkg?.requireTrustedPublishing !== true) return;
  throw new RegistryError(
    'TRUSTED_PUBLISHING_REQUIRED',
    `${formatPackageId(namespace, name)} requires trusted publishing (set by its owner with \`pkg trust require\`); publish from its CI with \`pkg publish --oidc\`.`,
  );
}

/**
 * The checks that read the store run at once (one round trip); their refusals are then given in
 * order: the policy, the namespace, the publish rate, the version. Claiming a new namespace is the
 * one write among them, and a package that requires trusted publishing is in a namespace claimed
 * already, so no refused publish claims one.
 */
async function authorize(deps: RegistryDeps, auth: Auth, manifest: Manifest): Promise<void> {
  const { namespace, name, version } = manifest;
  assertTokenScope(auth, manifest);
  const [policy, claim, exists] = await Promise.allSettled([
    assertPublishingPolicy(deps, auth, manifest),
    claimNamespace(deps, namespace, auth.user),
    versionPublished(deps, namespace, name, version),
  ]);
  if (policy.status === 'rejected') throw policy.reason;
  if (claim.status === 'rejected') throw claim.reason;
  const limit = deps.limiter.hit(`publish:${auth.user}`, deps.config.PKG_RATE_LIMIT_PUBLISH, 60_000);
  if (!limit.allowed) {
    throw new RegistryError('RATE_LIMITED', `Too many publishes; try again in ${limit.retryAfter} s.`, {
      retryAfter: limit.retryAfter,
    });
  }
  if (exists.status === 'rejected') throw exists.reason;
  if (exists.value) throw versionExists(formatPackageId(namespace, name), version);
}

/** Whether the version is stored already (one find through the store's operations). */
async function versionPublished(deps: RegistryDeps, namespace: string, name: string, version: string) {
  const { collectionName } = deps.models.Version.collection;
  const found = await deps.commands.find(
    collectionName,
    { namespace, name, version },
    { projection: { _id: 1 }, limit: 1 },
  );
  return found.length > 0;
}

/** Who publishes: the database must be up, and the bearer token valid (before the body is read). */
export function authenticatePublisher(deps: RegistryDeps, authorization: string | undefined, client: string) {
  assertStorageReady(deps.db);
  return authenticate(deps, authorization, client);
}

function originOf(input: PublishInput): ProvenanceOrigin {
  const build = tokenBuild(input.auth);
  return { recorded: true, via: build ? 'oidc' : 'token', client: input.client, source: input.source, build };
}

/** Publishes, counting the outcome (`published` or the error's code) by how the publisher authenticated. */
export async function publish(deps: RegistryDeps, input: PublishInput): Promise<PublishOutput> {
  const auth = tokenBuild(input.auth) ? 'oidc' : 'token';
  try {
    const output = await publishArchive(deps, input);
    deps.metrics.publish('published', auth);
    return output;
  } catch (error) {
    deps.metrics.publish(error instanceof RegistryError ? error.code : 'error', auth);
    throw error;
  }
}

async function publishArchive(deps: RegistryDeps, input: PublishInput): Promise<PublishOutput> {
  const checked = await validate(input.bytes);
  const { namespace, name, version } = checked.manifest;
  // The key check reads the store too: one round trip for both. An authorization failure is
  // the answer when both fail.
  const [authorized, signer] = await Promise.allSettled([
    authorize(deps, input.auth, checked.manifest),
    currentSigner(deps),
  ]);
  if (authorized.status === 'rejected') throw authorized.reason;
  if (signer.status === 'rejected') throw signer.reason;
  const { integrity, size } = checked;
  const files = new Map(checked.files.map((f) => [f.path, f.data]));
  const written = await publishVersion(deps, {
    signer: signer.value,
    manifest: checked.manifest,
    bytes: input.bytes,
    files,
    integrity,
    size,
    artifact: { format: 'tar.gz', mediaType: ARCHIVE_MEDIA_TYPE, what: 'artifact' },
    publishedBy: input.auth.user,
    origin: originOf(input),
    // made while the artifact's copies are written (its disk copy waits on the thread pool)
    codeScan: () => codeScanOf(checked.manifest, files),
  });
  if (written === 'exists') throw versionExists(formatPackageId(namespace, name), version);
  return {
    name: formatPackageId(namespace, name),
    version,
    integrity,
    size,
    download: downloadPath(namespace, name, version),
  };
}
