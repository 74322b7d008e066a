// The trust fields of a version record (docs/trust.md): apart from trust.ts so that the version
// record (packages.ts) can carry them without an import cycle.
import * as z from 'zod';
import { timestampSchema } from '../provenance.js';

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64');

export const yankSchema = z.object({ reason: z.string(), by: z.string(), at: timestampSchema });
export const deprecationSchema = z.object({ message: z.string(), by: z.string(), at: timestampSchema });

export const signatureSchema = z.object({ keyid: z.string(), sig: base64 });
export type VersionSignature = z.infer<typeof signatureSchema>;

/** What a version record says of its trust: its signatures, its log entry, yank and deprecation. */
export const versionTrustSchema = z.object({
  signatures: z.array(signatureSchema),
  /** The index of its publish entry in the log; null until the entry is appended. */
  log: z.object({ index: z.number().int().nonnegative() }).nullable(),
  yanked: yankSchema.nullable(),
  deprecated: deprecationSchema.nullable(),
});
export type VersionTrust = z.infer<typeof versionTrustSchema>;
