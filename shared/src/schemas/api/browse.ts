// Inputs and outputs of the procedures the registry is browsed with (docs/browsing.md): download
// counts, the registry's overview for the home page, and a package's insights (its score, the
// findings of the static look at its tool code, the permissions a version adds). Their outputs
// are the REST bodies of docs/registry-api.md, so REST adapters never reshape anything.
import * as z from 'zod';
import { permissionsSchema } from '../manifest.js';
import { versionSchema } from '../names.js';
import { timestampSchema } from '../provenance.js';
import { packageRefSchema, versionSelectorSchema } from './packages.js';

/** The periods a package's downloads are given over: the last 7 or 90 days, today included (UTC). */
export const DOWNLOAD_PERIODS = { 'last-week': 7, 'last-90-days': 90 } as const;
export const downloadPeriodSchema = z.enum(['last-week', 'last-90-days'], {
  error: 'period is last-week or last-90-days',
});
export type DownloadPeriod = z.infer<typeof downloadPeriodSchema>;

/** A UTC day, `YYYY-MM-DD`. */
export const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD');

export const packageDownloadsInputSchema = packageRefSchema.extend({
  period: downloadPeriodSchema.default('last-week'),
});
export const packageDownloadsOutputSchema = z.object({
  /** `@ns/name` */
  name: z.string(),
  period: downloadPeriodSchema,
  /** The first and last day of the period (UTC); `end` is today. */
  start: daySchema,
  end: daySchema,
  total: z.number().int().nonnegative(),
  /** Every day of the period, oldest first, days without downloads as 0. */
  days: z.array(z.object({ day: daySchema, downloads: z.number().int().nonnegative() })),
  /** Downloads of each version over the period, most downloaded first (versions with none left out). */
  versions: z.array(z.object({ version: versionSchema, downloads: z.number().int().nonnegative() })),
});
export type PackageDownloads = z.infer<typeof packageDownloadsOutputSchema>;

/** A package as the home page and the search results list it. */
export const listedPackageSchema = z.object({
  /** `@ns/name` */
  name: z.string(),
  description: z.string(),
  latest: z.string(),
  /** When `latest` was published. */
  publishedAt: timestampSchema,
  /** Downloads over the last 7 days, today included. */
  weeklyDownloads: z.number().int().nonnegative(),
  /** The deprecation message of `latest`, or null. */
  deprecated: z.string().nullable(),
});
export type ListedPackage = z.infer<typeof listedPackageSchema>;

export const registryOverviewOutputSchema = z.object({
  counts: z.object({
    packages: z.number().int().nonnegative(),
    versions: z.number().int().nonnegative(),
    namespaces: z.number().int().nonnegative(),
  }),
  /** The 10 packages published to most recently, newest first. */
  recent: z.array(listedPackageSchema),
  /** The 10 packages most downloaded over the last 7 days (none without downloads). */
  popular: z.array(listedPackageSchema),
});
export type RegistryOverview = z.infer<typeof registryOverviewOutputSchema>;

/**
 * The score's criteria (docs/browsing.md, "The score"), each met or not; the score is the share
 * of them met, 0 to 100.
 */
export const SCORE_CRITERIA = [
  'description',
  'skill-md',
  'tool-schemas',
  'least-permissions',
  'verified-provenance',
  'recent-release',
] as const;
export const scoreCriterionSchema = z.object({
  id: z.enum(SCORE_CRITERIA),
  /** What it asks, as the page shows it: "Has a description". */
  label: z.string(),
  met: z.boolean(),
  /** Why it is met or not, one line: "tool forecast has no output schema". */
  detail: z.string(),
});
export const packageScoreSchema = z.object({
  /** Math.round(100 × met / criteria) */
  value: z.number().int().min(0).max(100),
  criteria: z.array(scoreCriterionSchema),
});
export type PackageScore = z.infer<typeof packageScoreSchema>;

/**
 * What the static look at a version's tool code found, at publish time (docs/browsing.md,
 * "Findings"): facts with their file and line, never a verdict.
 */
export const FINDING_KINDS = ['dynamic-code', 'encoded-blob', 'undeclared-host', 'undeclared-env'] as const;
export const findingSchema = z.object({
  kind: z.enum(FINDING_KINDS),
  /** The file in the package, `tools/forecast.js`. */
  file: z.string(),
  /** 1-based */
  line: z.number().int().positive(),
  /** What was found, one line: "calls eval", "writes the host api.example.com, not declared". */
  message: z.string(),
  /** The line's text, cut to 200 characters. */
  excerpt: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

/** What a version asks for that the version before it (by semver) did not; null for the first. */
export const permissionDiffSchema = z.object({
  /** The version compared with: the highest published version below this one. */
  previous: versionSchema,
  added: permissionsSchema,
  removed: permissionsSchema,
});
export type PermissionDiff = z.infer<typeof permissionDiffSchema>;

export const packageInsightsInputSchema = packageRefSchema.extend({
  /** By default (or as `latest`) the package's `latest`. */
  version: versionSelectorSchema.optional(),
});
export const packageInsightsOutputSchema = z.object({
  /** `@ns/name` */
  name: z.string(),
  version: versionSchema,
  weeklyDownloads: z.number().int().nonnegative(),
  score: packageScoreSchema,
  findings: z.array(findingSchema),
  permissions: permissionsSchema,
  /** Null for a package's first version. */
  permissionDiff: permissionDiffSchema.nullable(),
});
export type PackageInsights = z.infer<typeof packageInsightsOutputSchema>;
