// The version record (the answer of packages.version, and what the log's publish entry signs): its
// own module, so that an install, which reads it through @pkg/shared/contract/install, does not
// build every other schema of the packages procedures (search, listings, publish) with it
// (docs/performance.md, "Install from the lock, fourth pass: a startup snapshot, and the schemas
// checked once"). packages.ts re-exports it.
import * as z from 'zod';
import { manifestSchema } from '../manifest.js';
import { integritySchema } from '../names.js';
import { provenanceSchema, timestampSchema } from '../provenance.js';
import { versionTrustSchema } from './version-trust.js';

export const artifactLocationSchema = z.object({
  filename: z.string(),
  backend: z.string(),
  url: z.string(),
});

export const versionRecordSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    manifest: manifestSchema,
    integrity: integritySchema,
    size: z.number().int().nonnegative(),
    publishedAt: timestampSchema,
    publishedBy: z.string(),
    download: z.string(),
    artifact: artifactLocationSchema,
    provenance: provenanceSchema,
  })
  .extend(versionTrustSchema.shape);
export type VersionRecord = z.infer<typeof versionRecordSchema>;
