// The alert scheduler's leader lease (docs/bots.md, "Schedule"): one document; the process whose
// lease has not expired runs the checks. No TTL index: expiry is read against the clock.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const botLeaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** `<hostname>:<pid>:<random>` of the leader. */
    holder: { type: String, required: true },
    /** Increases each time another process takes the lease. */
    term: { type: Number, required: true, default: 1 },
    acquiredAt: { type: Date, required: true },
    renewedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'bot_leases', versionKey: false },
);
export type BotLeaseDoc = InferSchemaType<typeof botLeaseSchema>;

export function botLeaseModel(connection: Connection) {
  return connection.model('BotLease', botLeaseSchema);
}
