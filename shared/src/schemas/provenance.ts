// Provenance (docs/registry-api.md): facts the registry recorded at publish time.
// Not a cryptographic signature.
import * as z from 'zod';
import { integritySchema } from './names.js';

export const timestampSchema = z.iso.datetime({ precision: 3 });

/** The CI platforms whose ID tokens the registry understands, each with the claims it matches on. */
export const OIDC_PLATFORMS = ['github', 'gitlab'] as const;
export const oidcPlatformSchema = z.enum(OIDC_PLATFORMS);
export type OidcPlatform = z.infer<typeof oidcPlatformSchema>;

/**
 * The build identity the registry verified from a CI job's OIDC ID token, recorded as the version's
 * `provenance.build` (apart from the self-reported `source` and `client`) and so signed and logged
 * with it (docs/trust.md). Its inputs and the exchange are in api/publishers.ts.
 */
export const buildIdentitySchema = z.object({
  platform: oidcPlatformSchema,
  issuer: z.string(),
  repository: z.string(),
  commit: z.string(),
  workflow: z.string(),
  /** The git ref the job ran for (`refs/tags/v1.2.0`), when the token names one. */
  ref: z.string().nullable(),
  environment: z.string().nullable(),
  runId: z.string(),
  runUrl: z.string(),
  /** The trusted publisher the token matched. */
  publisherId: z.string(),
});
export type BuildIdentity = z.infer<typeof buildIdentitySchema>;

export const provenanceSchema = z.object({
  schemaVersion: z.literal(1),
  /** false: the version predates provenance; the record is derived from its metadata. */
  recorded: z.boolean(),
  registryApiVersion: z.number().int(),
  package: z.string(),
  version: z.string(),
  namespace: z.string(),
  publisher: z.object({ user: z.string(), via: z.string() }),
  publishedAt: timestampSchema,
  artifact: z.object({
    integrity: integritySchema,
    size: z.number().int().nonnegative(),
    format: z.enum(['tar.gz', 'json']),
    filename: z.string(),
  }),
  manifestSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The publishing CLI, as reported by the client. */
  client: z.object({ name: z.string(), version: z.string() }).optional(),
  /** The git work tree the CLI packed in, as reported by the client. */
  source: z.object({ repository: z.string(), commit: z.string() }).optional(),
  /**
   * The build identity the registry verified from the CI job's OIDC ID token (trusted publishing,
   * docs/publishing.md); absent when a classic token published. Never reported by the client.
   */
  build: buildIdentitySchema.optional(),
});
export type Provenance = z.infer<typeof provenanceSchema>;
