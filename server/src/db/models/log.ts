// The transparency log (docs/trust.md, "The log"): its entries, each with the stored hashes of the
// complete subtrees it completes and the signed checkpoint of the tree it ends, and one meta
// document (the origin and the current key id). An entry is inserted whole, in one write: the
// unique index on its `index` is what serializes appends across server processes, so a hash or
// a checkpoint is stored only with the entry that won its index. The unique sparse `key` of
// publish entries logs a version once.
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
    /**
     * base64 of the stored hashes this entry completes (docs/trust.md, "The log"): its leaf's,
     * then one per complete subtree it ends, at storedHashIndex(0, index) and on. Absent on an
     * entry logged before hashes were kept with entries: computed from the leaves when read.
     */
    hashes: { type: [String], default: undefined },
    /** The signed checkpoint of the tree of index + 1 entries; absent until one is signed. */
    checkpoint: {
      type: new Schema(
        {
          /** base64 */
          rootHash: { type: String, required: true },
          /** The C2SP signed note, verbatim. */
          note: { type: String, required: true },
          keyid: { type: String, required: true },
          createdAt: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
  },
  { collection: 'log_entries', versionKey: false },
);
logEntrySchema.index({ index: 1 }, { unique: true, name: LOG_INDEX_UNIQUE });
logEntrySchema.index({ key: 1 }, { unique: true, sparse: true, name: LOG_KEY_UNIQUE });
export type LogEntryDoc = InferSchemaType<typeof logEntrySchema>;

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
    LogMeta: connection.model('LogMeta', logMetaSchema),
  };
}
