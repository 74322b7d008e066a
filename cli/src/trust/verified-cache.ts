// The verified-record cache (docs/trust.md, "The verified-record cache"): for a version pkg install
// checked, the registry's answers the checks passed on (the record, the keys, the inclusion proof)
// and the signed checkpoint they were checked against, in
// $XDG_CACHE_HOME/pkg/verified/<host>_<port>/<sha256 of the pin>.json. An install from the lock
// uses an entry only when the registry's latest checkpoint is that very note, and only once the
// entry passes every check again (install/trust.ts); anything else is asked for as before. A file
// that is missing, unreadable, of another shape or whose record does not hash to what it names is
// no entry: this module never throws on reading, and a failed write only loses a later speed-up.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  inclusionOutputSchema,
  registryKeysOutputSchema,
  versionRecordSchema,
  type InclusionProof,
  type RegistryKeys,
  type VersionRecord,
} from '@pkg/shared/contract';
import { writeFileAtomic } from '../lib/json-file.js';
import { userCacheDir } from '../lib/paths.js';
import { registryFileName } from './state.js';

/** What a cache entry is for: one version of one package, with the bytes the lock pins. */
export interface VerifiedPin {
  registry: string;
  /** `@namespace/name` */
  id: string;
  version: string;
  integrity: string;
  size: number;
}

// Built on first use: an install from the lock reads an entry's text before its first request
// and parses it once the request is on the wire (docs/performance.md, "The verified-record cache").
let entrySchema: ReturnType<typeof buildEntrySchema> | undefined;
const verifiedEntrySchema = () => (entrySchema ??= buildEntrySchema());

const buildEntrySchema = () =>
  z.object({
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
type StoredEntry = z.infer<ReturnType<typeof buildEntrySchema>>;

/** An entry read back: its record parsed (with the schema of the registry's answer). */
export type VerifiedEntry = Omit<StoredEntry, 'record' | 'recordSha256'> & {
  record: VersionRecord;
};

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export function verifiedEntryFile(pin: VerifiedPin, env: NodeJS.ProcessEnv = process.env): string {
  const registryDir = registryFileName(pin.registry).replace(/\.json$/, '');
  const name = sha256Hex(`${pin.id}@${pin.version}\n${pin.integrity}\n${pin.size}\n`);
  return path.join(userCacheDir(env), 'verified', registryDir, `${name}.json`);
}

/** The text of this pin's entry file, or undefined when there is none (nothing parsed yet). */
export function readVerifiedText(pin: VerifiedPin, env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    return readFileSync(verifiedEntryFile(pin, env), 'utf8');
  } catch {
    return undefined; // absent or unreadable: no entry
  }
}

/** The entry of this pin in `text`, or undefined when it is not whole or not of this very pin. */
export function parseVerifiedEntry(pin: VerifiedPin, text: string): VerifiedEntry | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = verifiedEntrySchema().safeParse(data);
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

/** What the checks of one version passed on, to keep. */
export interface VerifiedAnswers {
  registry: string;
  record: VersionRecord;
  keys: RegistryKeys;
  /** The signed checkpoint note the checks ran against. */
  checkpoint: string;
  inclusion: InclusionProof;
}

/**
 * Keeps the answers a version's checks passed on (written atomically; a cache is not fsynced
 * for durability, only renamed whole). A failure to write is ignored: the cache is optional.
 */
export function writeVerifiedEntry(answers: VerifiedAnswers, env: NodeJS.ProcessEnv = process.env): void {
  const { registry, record, keys, checkpoint, inclusion } = answers;
  const pin = {
    registry,
    id: record.name,
    version: record.version,
    integrity: record.integrity,
    size: record.size,
  };
  const recordJson = JSON.stringify(record);
  const entry: StoredEntry = {
    cacheVersion: 1,
    registry,
    package: record.name,
    version: record.version,
    integrity: record.integrity,
    size: record.size,
    checkpoint,
    recordSha256: sha256Hex(recordJson),
    record: recordJson,
    keys,
    inclusion,
  };
  try {
    writeFileAtomic(verifiedEntryFile(pin, env), `${JSON.stringify(entry)}\n`, 0o600, { fsync: false });
  } catch {
    // a read-only or full cache directory: the next install asks the registry again
  }
}
