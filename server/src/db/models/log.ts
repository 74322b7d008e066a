// The transparency log (docs/trust.md, "The log"): its entries, the stored hashes of its complete
// subtrees, its signed checkpoints, and one meta document (the origin and the current key id).
// The unique index on an entry's `index` is what serializes appends across server processes;
// the unique sparse `key` of publish entries logs a version once.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const LOG_INDEX_UNIQUE = 'log_index_unique';
export const LOG_KEY_UNIQUE = 'log_key_unique';

export const logEntrySchema = new Schema(
  {
    index: { type: Number, required: true },
    kind: { type: String, enum: ['publish', 'yank', 'unyank', 'deprecate', 'key'], required: true },
    /** The leaf's bytes as UTF-8 text (docs/trust.md, "Log entries"). */
    body: { type: String, required: true },
    /** base64 of SHA-256(0x00 || body) */
    leafHash: { type: String, required: true },
    /** `publish @ns/name@version` for publish entries: a version is logged once. */
    key: { type: String },
    integratedAt: { type: Date, required: true },
  },
  { collection: 'log_entries', versionKey: false },
);
logEntrySchema.index({ index: 1 }, { unique: true, name: LOG_INDEX_UNIQUE });
logEntrySchema.index({ key: 1 }, { unique: true, sparse: true, name: LOG_KEY_UNIQUE });
export type LogEntryDoc = InferSchemaType<typeof logEntrySchema>;

/** A stored hash: `_id` is its stored hash index (shared/src/trust/merkle.ts). */
export const logHashSchema = new Schema(
  {
    _id: { type: Number, required: true },
    /** base64 */
    hash: { type: String, required: true },
  },
  { collection: 'log_hashes', versionKey: false },
);
export type LogHashDoc = InferSchemaType<typeof logHashSchema>;

export const logCheckpointSchema = new Schema(
  {
    size: { type: Number, required: true, unique: true },
    /** base64 */
    rootHash: { type: String, required: true },
    /** The C2SP signed note, verbatim. */
    note: { type: String, required: true },
    keyid: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'log_checkpoints', versionKey: false },
);
export type LogCheckpointDoc = InferSchemaType<typeof logCheckpointSchema>;

/** One document, `_id: 'log'`: fixed at the first start (origin), changed by a key rotation. */
export const logMetaSchema = new Schema(
  {
    _id: { type: String, required: true },
    origin: { type: String, required: true },
    currentKeyId: { type: String, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'log_meta', versionKey: false },
);
export type LogMetaDoc = InferSchemaType<typeof logMetaSchema>;

export function logModels(connection: Connection) {
  return {
    LogEntry: connection.model('LogEntry', logEntrySchema),
    LogHash: connection.model('LogHash', logHashSchema),
    LogCheckpoint: connection.model('LogCheckpoint', logCheckpointSchema),
    LogMeta: connection.model('LogMeta', logMetaSchema),
  };
}
