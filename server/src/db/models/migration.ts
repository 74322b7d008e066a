// The schema-migration record: which migrations have run, and when.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const migrationSchema = new Schema(
  {
    _id: { type: String, required: true },
    appliedAt: { type: Date, required: true },
    details: { type: String, default: '' },
  },
  { collection: 'migrations', versionKey: false },
);
export type MigrationDoc = InferSchemaType<typeof migrationSchema>;

export function migrationModel(connection: Connection) {
  return connection.model('Migration', migrationSchema);
}
