// Inputs and outputs of the trust procedures (signing keys, the transparency log, yank and
// deprecate); their outputs are the REST bodies of docs/trust.md and docs/registry-api.md.
import * as z from 'zod';
import { versionRefSchema, packageRefSchema } from './package-ref.js';
import { timestampSchema } from '../provenance.js';
import { oneLine } from '../one-line.js';
export * from './version-trust.js';

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'expected base64');
const hashB64 = base64.length(44, 'a SHA-256 hash in base64 is 44 characters');
export const registryKeySchema = z.object({
  keyid: z.string(),
  keytype: z.literal('ed25519'),
  scheme: z.literal('ed25519'),
  /** base64 of the 32 raw public key bytes */
  key: base64,
  /** The signed-note key name (the log's origin) and key ID (8 hex digits) of checkpoints. */
  noteName: z.string(),
  noteKeyId: z.string().regex(/^[0-9a-f]{8}$/),
  status: z.enum(['current', 'retired']),
  validFrom: timestampSchema,
  /** When it stopped signing; what it signed before stays valid. */
  expires: timestampSchema.nullable(),
  /** The previous key's signature over this key's endorsement text (docs/trust.md, "Keys"). */
  endorsedBy: z.object({ keyid: z.string(), sig: base64 }).nullable(),
});
export type RegistryKey = z.infer<typeof registryKeySchema>;
export const registryKeysOutputSchema = z.object({ origin: z.string(), keys: z.array(registryKeySchema) });
export type RegistryKeys = z.infer<typeof registryKeysOutputSchema>;

export const checkpointOutputSchema = z.object({
  /** The C2SP signed note, verbatim. */
  note: z.string(),
  origin: z.string(),
  size: z.number().int().nonnegative(),
  rootHash: hashB64,
});
export type CheckpointAnswer = z.infer<typeof checkpointOutputSchema>;

const logIndex = z.coerce
  .number({ error: 'an index is a number' })
  .int({ error: 'an index is a whole number' })
  .nonnegative({ error: 'an index is 0 or more' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'an index is at most 2^53 - 1' });
const treeSize = z.coerce
  .number({ error: 'a tree size is a number' })
  .int({ error: 'a tree size is a whole number' })
  .positive({ error: 'a tree size is 1 or more' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'a tree size is at most 2^53 - 1' });

export const logEntryInputSchema = z.object({ index: logIndex });
export const logEntryOutputSchema = z.object({
  index: z.number().int().nonnegative(),
  kind: z.enum(['publish', 'yank', 'unyank', 'deprecate', 'key']),
  /** The leaf's bytes as UTF-8 text (docs/trust.md, "Log entries"). */
  body: z.string(),
  leafHash: hashB64,
  integratedAt: timestampSchema,
});
export type LogEntry = z.infer<typeof logEntryOutputSchema>;

/** By index, or by version; `size` is the tree to prove against (default: the latest checkpoint). */
export const inclusionInputSchema = z.union([
  z.object({ index: logIndex, size: treeSize.optional() }),
  versionRefSchema.extend({ size: treeSize.optional() }),
]);
export const inclusionOutputSchema = z.object({
  index: z.number().int().nonnegative(),
  treeSize: z.number().int().positive(),
  leafHash: hashB64,
  proof: z.array(hashB64),
  /** The signed checkpoint of `treeSize`, so one answer carries the root it proves against. */
  checkpoint: z.string(),
});
export type InclusionProof = z.infer<typeof inclusionOutputSchema>;

export const consistencyInputSchema = z
  .object({ from: treeSize, to: treeSize })
  .refine((v) => v.from <= v.to, { message: '`from` is at most `to`', path: ['from'] });
export const consistencyOutputSchema = z.object({
  from: z.number().int().positive(),
  to: z.number().int().positive(),
  proof: z.array(hashB64),
});
export type ConsistencyProof = z.infer<typeof consistencyOutputSchema>;

export const yankInputSchema = versionRefSchema.extend({
  reason: oneLine('a reason', 500).min(1, 'say why the version is yanked (--reason)'),
});
export const unyankInputSchema = versionRefSchema;
export const deprecateInputSchema = packageRefSchema.extend({
  range: oneLine('a range', 200).min(1, 'name the versions to deprecate'),
  /** An empty message lifts the deprecation. */
  message: oneLine('a message', 500),
});
export const trustActionOutputSchema = z.object({
  name: z.string(),
  versions: z.array(z.string()),
  logIndex: z.number().int().nonnegative(),
});
export type TrustActionOutput = z.infer<typeof trustActionOutputSchema>;
