// The ID tokens already exchanged (docs/publishing.md, "The exchange"): one row per (issuer, jti),
// kept until the ID token expires, so that each ID token is exchanged at most once. The unique
// index makes a second insert fail; the TTL index removes the rows once they are useless.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const oidcJtiSchema = new Schema(
  {
    issuer: { type: String, required: true },
    jti: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'oidc_jtis', versionKey: false },
);
oidcJtiSchema.index({ issuer: 1, jti: 1 }, { unique: true });
oidcJtiSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export type OidcJtiDoc = InferSchemaType<typeof oidcJtiSchema>;

export function oidcJtiModel(connection: Connection) {
  return connection.model('OidcJti', oidcJtiSchema);
}
