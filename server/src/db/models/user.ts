// Users are created by the operator (pkg-admin user create).
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const userSchema = new Schema(
  {
    name: { type: String, required: true, unique: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'users', versionKey: false },
);
export type UserDoc = InferSchemaType<typeof userSchema>;

export function userModel(connection: Connection) {
  return connection.model('User', userSchema);
}
