// The version record as a plain document (docs/performance.md, "Publish, fourth pass"): what
// `new Version(fields).toBSON()` gives once it passes the schema's validation, built without the
// mongoose document: the schema's paths in its order, its defaults (`logIndex`, `yanked` and
// `deprecated` null), the Mixed values copied as mongoose copies them (minimize off, as the schema
// says). Undefined when a field is not one the schema keeps as it is (a value to cast, a refusal,
// a field set that publish never sets): insertDocument then builds it with mongoose.
import mongoose from 'mongoose';
import {
  isPlainDate,
  isPlainNumber,
  isPlainRecord,
  isPlainString,
  isStringArray,
  NOT_PLAIN,
  plainCopy,
} from '../plain-value.js';

const FORMATS = new Set(['tar.gz', 'json']);
const REQUIRED_STRINGS = ['namespace', 'name', 'version', 'manifestSha256', 'integrity'] as const;
const ARTIFACT_STRINGS = ['filename', 'backend', 'mediaType'] as const;

function artifactOf(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainRecord(value)) return undefined;
  const { fileId, filename, backend, format, mediaType } = value;
  if (!(fileId instanceof mongoose.Types.ObjectId)) return undefined;
  if (!ARTIFACT_STRINGS.every((key) => isPlainString(value[key], true))) return undefined;
  if (typeof format !== 'string' || !FORMATS.has(format)) return undefined;
  return { fileId: fileId, filename, backend, format, mediaType };
}

function signaturesOf(value: unknown): { keyid: string; sig: string }[] | undefined | typeof NOT_PLAIN {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return NOT_PLAIN;
  const signatures: { keyid: string; sig: string }[] = [];
  for (const item of value) {
    if (!isPlainRecord(item) || !isPlainString(item.keyid, false) || !isPlainString(item.sig, false))
      return NOT_PLAIN;
    signatures.push({ keyid: item.keyid, sig: item.sig });
  }
  return signatures;
}

function searchTermsOf(
  value: unknown,
): { properties: string[]; skill: string[] } | undefined | typeof NOT_PLAIN {
  if (value === undefined) return undefined;
  if (!isPlainRecord(value) || !isStringArray(value.properties) || !isStringArray(value.skill))
    return NOT_PLAIN;
  return { properties: [...value.properties], skill: [...value.skill] };
}

function logIndexOf(value: unknown): number | null | typeof NOT_PLAIN {
  if (value === undefined || value === null) return null;
  return isPlainNumber(value) ? value : NOT_PLAIN;
}

/** The version record `fields` make, as the schema stores it; undefined: leave it to mongoose. */
export function versionDocument(fields: Record<string, unknown>): Record<string, unknown> | undefined {
  const f = fields;
  if (!REQUIRED_STRINGS.every((key) => isPlainString(f[key], true))) return undefined;
  if (!isPlainString(f.publishedBy, true) || !isPlainNumber(f.size) || !isPlainDate(f.publishedAt))
    return undefined;
  if (f.yanked !== undefined || f.deprecated !== undefined || f.codeScan === null) return undefined;
  const manifest = plainCopy(f.manifest, false);
  const provenance = plainCopy(f.provenance, false);
  const codeScan = plainCopy(f.codeScan, false);
  const artifact = artifactOf(f.artifact);
  const signatures = signaturesOf(f.signatures);
  const searchTerms = searchTermsOf(f.searchTerms);
  const logIndex = logIndexOf(f.logIndex);
  const parts = [manifest, provenance, codeScan, signatures, searchTerms, logIndex];
  if (parts.includes(NOT_PLAIN) || manifest == null || provenance == null || !artifact) return undefined;
  return {
    namespace: f.namespace,
    name: f.name,
    version: f.version,
    manifest,
    manifestSha256: f.manifestSha256,
    integrity: f.integrity,
    size: f.size,
    publishedAt: new Date(+f.publishedAt),
    publishedBy: f.publishedBy,
    artifact,
    provenance,
    ...(signatures !== undefined ? { signatures } : {}),
    logIndex,
    yanked: null,
    deprecated: null,
    ...(codeScan !== undefined ? { codeScan } : {}),
    ...(searchTerms !== undefined ? { searchTerms } : {}),
  };
}
