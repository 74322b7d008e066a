// Trusted publishing (docs/publishing.md): the CI workflows a package's owners trust to publish it,
// the exchange of a CI job's OIDC ID token for a short-lived publish token, and the build identity
// the registry verified from that token. Outputs are the REST bodies of docs/publishing.md.
import * as z from 'zod';
import { parsePackageId } from '../names.js';
import { oneLine } from '../one-line.js';
import { buildIdentitySchema, oidcPlatformSchema, timestampSchema } from '../provenance.js';
export { OIDC_PLATFORMS, buildIdentitySchema, oidcPlatformSchema } from '../provenance.js';
export type { BuildIdentity, OidcPlatform } from '../provenance.js';
import { packageRefSchema } from './packages.js';

/** A trusted publisher's id: `tp_` + 16 base62 characters. */
export const PUBLISHER_ID_PATTERN = /^tp_[A-Za-z0-9]{16}$/;
/** How long a publish token from the exchange lives, at most (docs/publishing.md). */
export const OIDC_TOKEN_MINUTES = 15;
/** The largest ID token the exchange reads; GitHub's and GitLab's are 1 to 3 KB. */
export const MAX_ID_TOKEN_CHARS = 16 * 1024;

const field = (what: string, max: number) => oneLine(what, max).trim().min(1, `${what} is required`);

/** `owner/repo` on GitHub, `group/subgroup/project` on GitLab. */
export const repositorySchema = field('the repository', 200).refine(
  (v) => /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)+$/.test(v),
  'a repository is owner/name (GitLab: group/…/project)',
);
/** The workflow file's path in the repository: `.github/workflows/release.yml`, `.gitlab-ci.yml`. */
export const workflowPathSchema = field('the workflow', 300).refine(
  (v) => !v.startsWith('/') && !v.includes('..') && !v.includes('@'),
  'a workflow is a file path inside the repository, without ".." or "@ref"',
);
export const environmentNameSchema = field('the environment', 255);

export const trustedPublisherSchema = z.object({
  id: z.string().regex(PUBLISHER_ID_PATTERN),
  platform: oidcPlatformSchema,
  /** The issuer URL its ID tokens carry in `iss` (from PKG_OIDC_ISSUERS). */
  issuer: z.string(),
  repository: z.string(),
  /** The workflow file's path (GitHub: under `.github/workflows/`; GitLab: the CI config path). */
  workflow: z.string(),
  /** When set, only jobs running in this deployment environment match. */
  environment: z.string().nullable(),
  addedBy: z.string(),
  addedAt: timestampSchema,
});
export type TrustedPublisher = z.infer<typeof trustedPublisherSchema>;

export const addPublisherInputSchema = packageRefSchema.extend({
  platform: oidcPlatformSchema,
  repository: repositorySchema,
  /** GitHub: a bare file name means `.github/workflows/<name>`; GitLab default `.gitlab-ci.yml`. */
  workflow: workflowPathSchema,
  environment: environmentNameSchema.optional(),
});
export type AddPublisherInput = z.infer<typeof addPublisherInputSchema>;

export const removePublisherInputSchema = packageRefSchema.extend({
  id: z
    .string()
    .regex(PUBLISHER_ID_PATTERN, 'a publisher id looks like tp_ followed by 16 letters or digits'),
});

export const removePublisherOutputSchema = z.object({ removed: z.literal(true), id: z.string() });
export type RemovePublisherOutput = z.infer<typeof removePublisherOutputSchema>;

export const publishingPolicyInputSchema = packageRefSchema.extend({
  /** true: classic tokens may not publish this package; only `pkg publish --oidc` from a trusted publisher. */
  requireTrustedPublishing: z.boolean(),
});

/** A package's trusted publishers and its publishing policy. */
export const listPublishersOutputSchema = z.object({
  package: z.string(),
  requireTrustedPublishing: z.boolean(),
  publishers: z.array(trustedPublisherSchema),
});
export type PackagePublishers = z.infer<typeof listPublishersOutputSchema>;

/** What `pkg publish --oidc` needs to know before it asks its CI for an ID token. */
export const oidcConfigOutputSchema = z.object({
  /** The `aud` an ID token must carry (PKG_OIDC_AUDIENCE). */
  audience: z.string(),
  issuers: z.array(z.object({ platform: oidcPlatformSchema, issuer: z.string() })),
  /** The exchange route, relative to the registry's base URL. */
  exchange: z.string(),
});
export type OidcConfig = z.infer<typeof oidcConfigOutputSchema>;

export const oidcExchangeInputSchema = z.strictObject({
  /** The CI job's OIDC ID token (a compact JWS). */
  token: z
    .string()
    .max(MAX_ID_TOKEN_CHARS, `an ID token is at most ${MAX_ID_TOKEN_CHARS} characters`)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/, 'an ID token is a JWT: three base64url parts'),
  /** The package to publish, `@namespace/name`. */
  package: z
    .string()
    .max(120)
    .refine((v) => parsePackageId(v) !== undefined, 'a package is @namespace/name'),
});
export type OidcExchangeInput = z.infer<typeof oidcExchangeInputSchema>;

export const oidcExchangeOutputSchema = z.object({
  /** A publish token for this one package, shown once. */
  token: z.string(),
  package: z.string(),
  expiresAt: timestampSchema,
  build: buildIdentitySchema,
});
export type OidcExchangeOutput = z.infer<typeof oidcExchangeOutputSchema>;
