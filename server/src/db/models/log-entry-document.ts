// A log entry as a plain document (docs/performance.md, "Publish, fourth pass"): what
// `new LogEntry(fields).toBSON()` gives once it passes the schema's validation, built without the
// mongoose document (the schema's paths in its order; `key`, `hashes` and `checkpoint` only when
// given). Undefined when a field is not one the schema keeps as it is: insertDocument then builds
// it with mongoose.
import { isPlainDate, isPlainNumber, isPlainRecord, isPlainString, isStringArray } from '../plain-value.js';

const KINDS = new Set(['publish', 'yank', 'unyank', 'deprecate', 'key']);

function checkpointOf(value: unknown): Record<string, unknown> | undefined | null {
  if (value === undefined) return undefined;
  if (!isPlainRecord(value)) return null;
  const { rootHash, note, keyid, createdAt } = value;
  if (!isPlainString(rootHash, true) || !isPlainString(note, true) || !isPlainString(keyid, true))
    return null;
  if (!isPlainDate(createdAt)) return null;
  return { rootHash, note, keyid, createdAt: new Date(+createdAt) };
}

/** The log entry `fields` make, as the schema stores it; undefined: leave it to mongoose. */
export function logEntryDocument(fields: Record<string, unknown>): Record<string, unknown> | undefined {
  const { index, kind, body, leafHash, key, integratedAt, hashes } = fields;
  if (!isPlainNumber(index) || typeof kind !== 'string' || !KINDS.has(kind)) return undefined;
  if (!isPlainString(body, true) || !isPlainString(leafHash, true) || !isPlainDate(integratedAt))
    return undefined;
  if (key !== undefined && !isPlainString(key, false)) return undefined;
  if (hashes !== undefined && !isStringArray(hashes)) return undefined;
  const checkpoint = checkpointOf(fields.checkpoint);
  if (checkpoint === null) return undefined;
  return {
    index,
    kind,
    body,
    leafHash,
    ...(key !== undefined ? { key } : {}),
    integratedAt: new Date(+integratedAt),
    ...(hashes !== undefined ? { hashes: [...hashes] } : {}),
    ...(checkpoint !== undefined ? { checkpoint } : {}),
  };
}
