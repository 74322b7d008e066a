// Downloads of each version per UTC day (docs/registry-api.md, "Download counts"): one row per
// (namespace, name, version, day), whose `count` every server process adds its counted downloads
// to with an upsert and $inc, so that counts from several processes add up.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const downloadCountSchema = new Schema(
  {
    namespace: { type: String, required: true },
    name: { type: String, required: true },
    version: { type: String, required: true },
    /** The UTC day, `YYYY-MM-DD`. */
    day: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
  },
  { collection: 'download_counts', versionKey: false },
);
downloadCountSchema.index({ namespace: 1, name: 1, day: 1, version: 1 }, { unique: true });
downloadCountSchema.index({ day: 1 });
export type DownloadCountDoc = InferSchemaType<typeof downloadCountSchema>;

export function downloadCountModel(connection: Connection) {
  return connection.model('DownloadCount', downloadCountSchema);
}
