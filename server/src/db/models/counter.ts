// Rate-limit and authentication-failure counters, shared by every server process through
// MongoDB and removed by the TTL index once their window has passed.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const counterSchema = new Schema(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true, default: 0 },
    /** Set on an authentication-failure block: requests are refused until then. */
    blockedUntil: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'counters', versionKey: false },
);
counterSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export type CounterDoc = InferSchemaType<typeof counterSchema>;

export function counterModel(connection: Connection) {
  return connection.model('Counter', counterSchema);
}
