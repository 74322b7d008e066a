// Inputs and outputs of the packages procedures; their outputs are the REST bodies of
// docs/registry-api.md, so REST adapters never reshape anything.
import * as z from 'zod';
import { permissionsSchema } from '../manifest.js';
import { integritySchema, namespaceSchema, versionSchema } from '../names.js';
import { provenanceSchema, timestampSchema } from '../provenance.js';
import { LATEST_TAG, SEARCH_LIMIT } from '../patterns.js';
import { packageRefSchema } from './package-ref.js';
import { deprecationSchema, yankSchema } from './version-trust.js';

export const searchPackagesInputSchema = z.object({
  q: z.string().max(200, 'a query is at most 200 characters').default(''),
  /** Clamped into 1..100 (not refused), as docs/registry-api.md says. */
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .default(SEARCH_LIMIT.default)
    .transform((n) => Math.min(SEARCH_LIMIT.max, Math.max(SEARCH_LIMIT.min, n))),
  /** 1-based; a page past the last is empty. */
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be an integer')
    .min(1, 'page is at least 1')
    .max(1000, 'page is at most 1000')
    .default(1),
  /** Only packages of this namespace. */
  namespace: namespaceSchema.optional(),
  /** Filters on what `latest` may touch (docs/browsing.md, "Search"): no network host declared, */
  noNetwork: z.boolean().default(false),
  /** no path to write declared, */
  noFileWrites: z.boolean().default(false),
  /** no environment variable declared; */
  noEnv: z.boolean().default(false),
  /** and `latest` published from a verified build (trusted publishing). */
  verified: z.boolean().default(false),
});
export type SearchPackagesInput = z.input<typeof searchPackagesInputSchema>;
export const searchResultItemSchema = z.object({
  name: z.string(),
  description: z.string(),
  latest: z.string(),
  /**
   * Whether `latest` is yanked (every version is) and its deprecation message (docs/trust.md,
   * "Yank and deprecate"); absent from registries older than signing.
   */
  yanked: z.boolean().optional(),
  deprecated: z.string().nullable().optional(),
  /** Downloads over the last 7 days; absent from registries older than download counts. */
  weeklyDownloads: z.number().int().nonnegative().optional(),
  /** Whether `latest` was published from a verified build (docs/publishing.md). */
  verified: z.boolean().optional(),
  /** What `latest` may touch (its manifest's permissions). */
  permissions: permissionsSchema.optional(),
  /** Where the query matched, best first: name, tool, schema (a property name), description, skill. */
  matched: z.array(z.enum(['name', 'tool', 'schema', 'description', 'skill'])).optional(),
});
export const searchPackagesOutputSchema = z.object({
  query: z.string(),
  results: z.array(searchResultItemSchema),
  /** How many packages match in all, the page, and its size; absent from older registries. */
  total: z.number().int().nonnegative().optional(),
  page: z.number().int().positive().optional(),
  limit: z.number().int().positive().optional(),
});
export type SearchPackagesOutput = z.infer<typeof searchPackagesOutputSchema>;

export { packageRefSchema, versionRefSchema, type PackageRef, type VersionRef } from './package-ref.js';
/**
 * What the version reads accept (packages.version, files, provenance, insights and their REST
 * routes): an exact version, or the dist-tag `latest`, which the server resolves to the package's
 * `latest` at the package's current revision (docs/registry-api.md, "Versions by latest"). Writes
 * (yank, unyank) and downloads take an exact version only.
 */
export const versionSelectorSchema = z.string().superRefine((value, ctx) => {
  if (value === LATEST_TAG) return;
  // an exact version's own issues (and problem codes), so a bad version reads as before
  const parsed = versionSchema.safeParse(value);
  for (const issue of parsed.error?.issues ?? [])
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      params: 'params' in issue ? issue.params : undefined,
    });
});
export const versionSelectorRefSchema = packageRefSchema.extend({ version: versionSelectorSchema });
export type VersionSelectorRef = z.infer<typeof versionSelectorRefSchema>;

export const getPackageOutputSchema = z.object({
  name: z.string(),
  namespace: z.string(),
  description: z.string(),
  latest: z.string(),
  /** `yanked` and `deprecated` as in the version record; absent from registries older than signing. */
  versions: z.array(
    z.object({
      version: z.string(),
      publishedAt: timestampSchema,
      yanked: yankSchema.nullable().optional(),
      deprecated: deprecationSchema.nullable().optional(),
    }),
  ),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PackageInfo = z.infer<typeof getPackageOutputSchema>;

export const listVersionsOutputSchema = z.object({
  name: z.string(),
  versions: z.array(
    z.object({
      version: z.string(),
      publishedAt: timestampSchema,
      integrity: integritySchema,
      size: z.number().int(),
    }),
  ),
});
export type VersionList = z.infer<typeof listVersionsOutputSchema>;

export { artifactLocationSchema, versionRecordSchema, type VersionRecord } from './version-record.js';

export const getProvenanceOutputSchema = z.object({
  name: z.string(),
  version: z.string(),
  provenance: provenanceSchema,
  location: z.object({ backend: z.string(), url: z.string() }),
});
export type ProvenanceAnswer = z.infer<typeof getProvenanceOutputSchema>;

export const publishOutputSchema = z.object({
  name: z.string(),
  version: z.string(),
  integrity: integritySchema,
  size: z.number().int(),
  download: z.string(),
});
export type PublishOutput = z.infer<typeof publishOutputSchema>;

/** packages.files: the text files the package page shows, read from the stored artifact. */
export const packageFilesOutputSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** SKILL.md as UTF-8 text, or null when the package has none. */
  skillMd: z.string().nullable(),
  /** The tools' JSON Schema files that the package holds, by path (`schemas/x.json`). */
  schemas: z.record(z.string(), z.string()),
});
export type PackageFilesOutput = z.infer<typeof packageFilesOutputSchema>;
