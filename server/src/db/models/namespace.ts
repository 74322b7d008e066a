// Namespaces: one document (so one owner) per namespace, enforced by the unique index.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const namespaceSchema = new Schema(
  {
    namespace: { type: String, required: true, unique: true },
    owner: { type: String, default: null, index: true },
    maintainers: { type: [String], default: [], index: true },
    reserved: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { collection: 'namespaces', versionKey: false },
);
export type NamespaceDoc = InferSchemaType<typeof namespaceSchema>;

export function namespaceModel(connection: Connection) {
  return connection.model('Namespace', namespaceSchema);
}
