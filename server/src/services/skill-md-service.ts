// SKILL.md of a published version, read out of the stored artifact: the bytes are streamed
// from the artifact store into memory (at most the bundle limit), checked against the
// recorded integrity, and decoded with the shared safe decoder (or the legacy bundle decoder).
// Nothing is extracted to disk and nothing in the package is ever executed.
import {
  createIntegrityHasher,
  formatPackageId,
  PACKAGE_LIMITS,
  readArchive,
  RegistryError,
  type VersionRef,
} from '@pkg/shared';
import type { AppDeps } from '../deps.js';
import type { VersionDoc } from '../db/models/version.js';
import { decodeLegacyBundle } from './legacy-bundle.js';
import { findVersion } from './package-service.js';

const SKILL_MD = 'SKILL.md';

export interface SkillMd {
  name: string;
  version: string;
  text: string;
}

function unreadable(doc: VersionDoc, reason: string): RegistryError {
  const id = `${formatPackageId(doc.namespace, doc.name)}@${doc.version}`;
  return new RegistryError('INTERNAL_ERROR', `The stored artifact of ${id} could not be read: ${reason}.`);
}

/** The artifact's bytes, capped and verified against the version's integrity and size. */
async function loadArtifact(deps: AppDeps, doc: VersionDoc, signal?: AbortSignal): Promise<Buffer> {
  const limit = PACKAGE_LIMITS.maxCompressedBytes;
  if (doc.size > limit) throw unreadable(doc, `it is larger than ${limit} bytes`);
  const hasher = createIntegrityHasher();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of await deps.artifacts.open(doc.artifact.fileId, signal)) {
    const data = chunk as Buffer;
    size += data.byteLength;
    if (size > limit) throw unreadable(doc, `it is larger than ${limit} bytes`);
    hasher.update(data);
    chunks.push(data);
  }
  const digest = hasher.digest();
  if (digest.integrity !== doc.integrity || digest.size !== doc.size) {
    throw unreadable(doc, 'its bytes do not match the recorded integrity');
  }
  return Buffer.concat(chunks, size);
}

async function skillMdBytes(doc: VersionDoc, bytes: Buffer): Promise<Uint8Array | undefined> {
  if (doc.artifact.format === 'json') {
    const decoded = decodeLegacyBundle(bytes);
    if (!decoded.ok) throw unreadable(doc, 'the bundle does not decode');
    return decoded.files.get(SKILL_MD);
  }
  const read = await readArchive(bytes);
  if (read.fatal) throw unreadable(doc, 'the archive does not decode');
  return read.files.find((f) => f.path === SKILL_MD)?.data;
}

export async function readSkillMd(deps: AppDeps, ref: VersionRef, signal?: AbortSignal): Promise<SkillMd> {
  const doc = await findVersion(deps, ref);
  const bytes = await loadArtifact(deps, doc, signal);
  const data = await skillMdBytes(doc, bytes);
  const name = formatPackageId(doc.namespace, doc.name);
  if (!data) throw new RegistryError('NOT_FOUND', `${name}@${doc.version} has no ${SKILL_MD}.`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw unreadable(doc, `${SKILL_MD} is not UTF-8`);
  }
  return { name, version: doc.version, text };
}
