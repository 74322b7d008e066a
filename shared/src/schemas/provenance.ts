// Provenance (docs/registry-api.md): facts the registry recorded at publish time.
// Not a cryptographic signature.
import { z } from 'zod';
import { integritySchema } from './names.js';

export const timestampSchema = z.iso.datetime({ precision: 3 });

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
});
export type Provenance = z.infer<typeof provenanceSchema>;
