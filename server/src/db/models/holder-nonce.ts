// Nonces of holder-pass sign-ins (docs/public-api.md, "Holder pass"): the nonce and when it
// expires, nothing else. Taken with one atomic delete, so each is good once; the TTL index
// removes those never used.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const holderNonceSchema = new Schema(
  {
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'holder_nonces', versionKey: false },
);
holderNonceSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export type HolderNonceDoc = InferSchemaType<typeof holderNonceSchema>;

export function holderNonceModel(connection: Connection) {
  return connection.model('HolderNonce', holderNonceSchema);
}
