// Contract explanations (docs/public-api.md, "Contract explainer"): one per verified contract,
// kept one day. Only contracts with verified source are ever stored; the TTL index removes
// expired ones, and reads also filter on `expiresAt` against the app's clock.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const explanationSchema = new Schema(
  {
    /** The contract address, lowercase. */
    _id: { type: String, required: true },
    /** The answer of GET /v1/contract/:address/explanation, as JSON (v1ExplanationSchema). */
    answer: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'explanations', versionKey: false, minimize: false },
);
explanationSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export type ExplanationDoc = InferSchemaType<typeof explanationSchema>;

export function explanationModel(connection: Connection) {
  return connection.model('Explanation', explanationSchema);
}
