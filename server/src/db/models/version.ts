// Versions: immutable once written. The unique index on (namespace, name, version) is what
// makes two concurrent publishes of one version end with exactly one winner.
import type { Finding } from '@pkg/shared';
import { Schema, type Connection, type Types } from 'mongoose';

export const VERSION_UNIQUE_INDEX = 'namespace_1_name_1_version_1';
export const VERSION_COLLECTION = 'versions';

export interface VersionDoc {
  namespace: string;
  name: string;
  version: string;
  manifest: unknown;
  manifestSha256: string;
  integrity: string;
  size: number;
  publishedAt: Date;
  publishedBy: string;
  artifact: {
    fileId: Types.ObjectId;
    filename: string;
    backend: string;
    format: 'tar.gz' | 'json';
    mediaType: string;
  };
  provenance: unknown;
  /** docs/trust.md, "What is signed": absent on versions published before signing existed. */
  signatures?: { keyid: string; sig: string }[];
  /** The index of its publish entry in the log; null until it is appended. */
  logIndex?: number | null;
  yanked?: { reason: string; by: string; at: Date } | null;
  deprecated?: { message: string; by: string; at: Date } | null;
  /**
   * The static look at its tool code (docs/browsing.md, "Findings"), made at publish; absent on
   * versions published before it existed, then made and stored on the first insights request.
   */
  codeScan?: VersionCodeScan | null;
  /** The words search reads from its files (docs/browsing.md, "Search"); absent before search. */
  searchTerms?: { properties: string[]; skill: string[] } | null;
}

/** What the static look at a version's code found and what its package holds (the score reads it). */
export interface VersionCodeScan {
  /** The scanner's revision: a scan of an older revision is made again (CODE_SCAN_REVISION). */
  revision: number;
  findings: Finding[];
  /** Every host written in the code, and every environment variable it reads by name. */
  hosts: string[];
  env: string[];
  /** Whether the package holds a SKILL.md. */
  skillMd: boolean;
}

export const versionSchema = new Schema<VersionDoc>(
  {
    namespace: { type: String, required: true },
    name: { type: String, required: true },
    version: { type: String, required: true },
    manifest: { type: Schema.Types.Mixed, required: true },
    manifestSha256: { type: String, required: true },
    integrity: { type: String, required: true, index: true },
    size: { type: Number, required: true },
    publishedAt: { type: Date, required: true },
    publishedBy: { type: String, required: true },
    artifact: {
      fileId: { type: Schema.Types.ObjectId, required: true },
      filename: { type: String, required: true },
      backend: { type: String, required: true },
      format: { type: String, enum: ['tar.gz', 'json'], required: true },
      mediaType: { type: String, required: true },
    },
    provenance: { type: Schema.Types.Mixed, required: true },
    signatures: { type: [{ keyid: String, sig: String, _id: false }], default: undefined },
    logIndex: { type: Number, default: null },
    yanked: { type: { reason: String, by: String, at: Date }, default: null, _id: false },
    deprecated: { type: { message: String, by: String, at: Date }, default: null, _id: false },
    codeScan: { type: Schema.Types.Mixed, default: undefined },
    searchTerms: { type: { properties: [String], skill: [String] }, default: undefined, _id: false },
  },
  { collection: VERSION_COLLECTION, versionKey: false, minimize: false },
);
versionSchema.index({ namespace: 1, name: 1, version: 1 }, { unique: true, name: VERSION_UNIQUE_INDEX });

export function versionModel(connection: Connection) {
  return connection.model('Version', versionSchema);
}
