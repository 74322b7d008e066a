// Trusted publishers (docs/publishing.md): the CI workflows an owner trusts to publish one package
// with an OIDC ID token instead of a stored token. One document a publisher.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const trustedPublisherSchema = new Schema(
  {
    /** Public id, `tp_` + 16 base62 characters. */
    publisherId: { type: String, required: true, unique: true },
    namespace: { type: String, required: true },
    name: { type: String, required: true },
    platform: { type: String, enum: ['github', 'gitlab'], required: true },
    /** The issuer URL its ID tokens carry in `iss`. */
    issuer: { type: String, required: true },
    repository: { type: String, required: true },
    /** The workflow file's path in the repository (`.github/workflows/release.yml`). */
    workflow: { type: String, required: true },
    environment: { type: String, default: null },
    addedBy: { type: String, required: true },
    addedAt: { type: Date, required: true },
  },
  { collection: 'trusted_publishers', versionKey: false },
);
trustedPublisherSchema.index({ namespace: 1, name: 1 });
export type TrustedPublisherDoc = InferSchemaType<typeof trustedPublisherSchema>;

export function trustedPublisherModel(connection: Connection) {
  return connection.model('TrustedPublisher', trustedPublisherSchema);
}
