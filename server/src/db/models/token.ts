// Tokens: only the SHA-256 of a value is stored; the value is shown once at creation.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const tokenSchema = new Schema(
  {
    /** Public id, `tok_` + 16 base62 characters: how a token is named in lists and revocations. */
    tokenId: { type: String, required: true, unique: true },
    /** Hex SHA-256 of the token value. */
    hash: { type: String, required: true, unique: true },
    user: { type: String, required: true, index: true },
    kind: { type: String, enum: ['manage', 'publish'], required: true },
    label: { type: String, default: null },
    /** null: every namespace the user may publish to. */
    namespaces: { type: [String], default: null },
    /** `@ns/name`: the one package this token may publish (a token from the OIDC exchange). */
    package: { type: String, default: null },
    /** The build identity the OIDC exchange verified (docs/publishing.md), recorded at publish. */
    build: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    lastUsedAt: { type: Date, default: null },
  },
  { collection: 'tokens', versionKey: false },
);
export type TokenDoc = InferSchemaType<typeof tokenSchema>;

export function tokenModel(connection: Connection) {
  return connection.model('Token', tokenSchema);
}
