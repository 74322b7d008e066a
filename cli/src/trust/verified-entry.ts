// A verified-record cache entry read back (trust/verified-cache.ts; docs/trust.md, "The
// verified-record cache"): parsed with zod, its record's text checked against the SHA-256 it
// names, and all of it checked to be of the pin asked for. Anything else is no entry.
import * as z from 'zod';
import {
  inclusionOutputSchema,
  registryKeysOutputSchema,
  versionRecordSchema,
  type VersionRecord,
} from '@pkg/shared/contract/install';
import { sha256Hex, type VerifiedPin } from './verified-cache.js';

const verifiedEntrySchema = z.object({
  cacheVersion: z.literal(1),
  registry: z.string(),
  package: z.string(),
  version: z.string(),
  integrity: z.string(),
  size: z.number().int().nonnegative(),
  /** The signed checkpoint note the entry was checked against, verbatim (its size and root hash). */
  checkpoint: z.string().min(1),
  /** The hex SHA-256 of `record`, the record's JSON text as the checks read it. */
  recordSha256: z.string().regex(/^[0-9a-f]{64}$/),
  record: z.string(),
  keys: registryKeysOutputSchema,
  inclusion: inclusionOutputSchema,
});
export type StoredEntry = z.infer<typeof verifiedEntrySchema>;

/** An entry read back: its record parsed (with the schema of the registry's answer). */
export type VerifiedEntry = Omit<StoredEntry, 'record' | 'recordSha256'> & {
  record: VersionRecord;
};

/** The entry of this pin in `text`, or undefined when it is not whole or not of this very pin. */
export function parseVerifiedEntry(pin: VerifiedPin, text: string): VerifiedEntry | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = verifiedEntrySchema.safeParse(data);
  if (!parsed.success || sha256Hex(parsed.data.record) !== parsed.data.recordSha256) return undefined;
  let recordData: unknown;
  try {
    recordData = JSON.parse(parsed.data.record);
  } catch {
    return undefined;
  }
  const record = versionRecordSchema.safeParse(recordData);
  if (!record.success) return undefined;
  const { recordSha256: _hash, ...rest } = parsed.data;
  const entry: VerifiedEntry = { ...rest, record: record.data };
  const samePin =
    entry.registry === pin.registry &&
    entry.package === pin.id &&
    entry.version === pin.version &&
    entry.integrity === pin.integrity &&
    entry.size === pin.size &&
    entry.record.name === pin.id &&
    entry.record.version === pin.version &&
    entry.record.integrity === pin.integrity &&
    entry.record.size === pin.size &&
    entry.inclusion.checkpoint === entry.checkpoint;
  return samePin ? entry : undefined;
}
