// SKILL.md and the tools' JSON Schema files of a published version, read out of the stored
// artifact: the bytes are streamed from the artifact store into memory (at most the bundle
// limit), checked against the recorded integrity, and decoded with the shared safe decoder (or
// the legacy bundle decoder). Each text is capped (PACKAGE_LIMITS) and must be UTF-8. Nothing
// is extracted to disk and nothing in the package is ever executed. Used by the MCP tool
// get_skill_md, by the packages.files procedure (the website's package page), by the static
// look at the code of a version published before it existed (insights-service.ts) and by the
// search migration.
import {
  createIntegrityHasher,
  formatPackageId,
  PACKAGE_LIMITS,
  readArchive,
  RegistryError,
  type Manifest,
  type PackageFilesOutput,
  type VersionRef,
} from '@pkg/shared';
import type { RegistryDeps } from './registry-deps.js';
import type { VersionDoc } from '../../db/models/version.js';
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
async function loadArtifact(deps: RegistryDeps, doc: VersionDoc, signal?: AbortSignal): Promise<Buffer> {
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

/**
 * Every file of a version's stored artifact, by path (read and checked as above): what the search
 * migration reads the words of SKILL.md and the schemas from (db/migrations.ts), and what the
 * static look at a version published before it existed scans (insights-service.ts).
 */
export async function readArtifactFiles(
  deps: RegistryDeps,
  doc: VersionDoc,
  signal?: AbortSignal,
): Promise<ReadonlyMap<string, Uint8Array>> {
  return artifactFiles(doc, await loadArtifact(deps, doc, signal));
}

/** Every file of the artifact, by path. */
async function artifactFiles(doc: VersionDoc, bytes: Buffer): Promise<ReadonlyMap<string, Uint8Array>> {
  if (doc.artifact.format === 'json') {
    const decoded = decodeLegacyBundle(bytes);
    if (!decoded.ok) throw unreadable(doc, 'the bundle does not decode');
    return decoded.files;
  }
  const read = await readArchive(bytes);
  if (read.fatal) throw unreadable(doc, 'the archive does not decode');
  return new Map(read.files.map((f) => [f.path, f.data]));
}

/** A file's text: at most `limit` bytes of UTF-8. */
function fileText(doc: VersionDoc, path: string, data: Uint8Array, limit: number): string {
  if (data.byteLength > limit) throw unreadable(doc, `${path} is larger than ${limit} bytes`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw unreadable(doc, `${path} is not UTF-8`);
  }
}

/** The schema paths the manifest's tools name (`schemas/*.json`), each once, in order. */
function schemaPaths(manifest: Manifest): string[] {
  const paths = (manifest.tools ?? []).flatMap((t) => [t.inputSchema, t.outputSchema ?? []].flat());
  return [...new Set(paths)].filter((p) => p.startsWith('schemas/') && p.endsWith('.json'));
}

async function openVersion(deps: RegistryDeps, ref: VersionRef, signal?: AbortSignal) {
  const doc = await findVersion(deps, ref);
  const files = await readArtifactFiles(deps, doc, signal);
  return { doc, files, name: formatPackageId(doc.namespace, doc.name) };
}

export async function readSkillMd(
  deps: RegistryDeps,
  ref: VersionRef,
  signal?: AbortSignal,
): Promise<SkillMd> {
  const { doc, files, name } = await openVersion(deps, ref, signal);
  const data = files.get(SKILL_MD);
  if (!data) throw new RegistryError('NOT_FOUND', `${name}@${doc.version} has no ${SKILL_MD}.`);
  return { name, version: doc.version, text: fileText(doc, SKILL_MD, data, PACKAGE_LIMITS.maxSkillMdBytes) };
}

/** SKILL.md (null when absent) and the tools' schema files that the package holds, as text. */
export async function readPackageFiles(
  deps: RegistryDeps,
  ref: VersionRef,
  signal?: AbortSignal,
): Promise<PackageFilesOutput> {
  const { doc, files, name } = await openVersion(deps, ref, signal);
  const skill = files.get(SKILL_MD);
  const schemas: Record<string, string> = {};
  for (const path of schemaPaths(doc.manifest as Manifest)) {
    const data = files.get(path);
    if (data) schemas[path] = fileText(doc, path, data, PACKAGE_LIMITS.maxSchemaBytes);
  }
  return {
    name,
    version: doc.version,
    skillMd: skill ? fileText(doc, SKILL_MD, skill, PACKAGE_LIMITS.maxSkillMdBytes) : null,
    schemas,
  };
}
