// The registry's signing keys (docs/trust.md, "Keys"): public halves only, never a private key.
// One is `current`; the others are `retired`, with the time they stopped signing (`expires`).
// What a retired key signed stays valid, so a retired key is never removed.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const signingKeySchema = new Schema(
  {
    /** `SHA256:` and the unpadded base64 of the SHA-256 of the raw public key. */
    keyid: { type: String, required: true, unique: true },
    /** base64 of the 32 raw Ed25519 public key bytes. */
    key: { type: String, required: true },
    /** The signed-note key name (the log's origin) and key ID (8 hex digits) of checkpoints. */
    noteName: { type: String, required: true },
    noteKeyId: { type: String, required: true },
    status: { type: String, enum: ['current', 'retired'], required: true },
    validFrom: { type: Date, required: true },
    expires: { type: Date, default: null },
    /** The previous key's signature over this key's endorsement text; null for the first key. */
    endorsedBy: { type: { keyid: String, sig: String }, default: null, _id: false },
  },
  { collection: 'signing_keys', versionKey: false },
);
export type SigningKeyDoc = InferSchemaType<typeof signingKeySchema>;

export function signingKeyModel(connection: Connection) {
  return connection.model('SigningKey', signingKeySchema);
}
