// The verified-record cache (docs/trust.md, "The verified-record cache"): for a version pkg install
// checked, the registry's answers the checks passed on (the record, the keys, the inclusion proof)
// and the signed checkpoint they were checked against, in
// $XDG_CACHE_HOME/pkg/verified/<host>_<port>/<sha256 of the pin>.json. An install from the lock
// uses an entry only when the registry's latest checkpoint is that very note, and only once the
// entry passes every check again (install/trust.ts); anything else is asked for as before. A file
// that is missing, unreadable, of another shape or whose record does not hash to what it names is
// no entry: this module never throws on reading, and a failed write only loses a later speed-up.
// It reads an entry's text before the first request; verified-entry.ts parses it once the
// request is on the wire (docs/performance.md, "The verified-record cache").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InclusionProof, RegistryKeys, VersionRecord } from '@pkg/shared/contract';
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

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

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
  const entry = {
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
