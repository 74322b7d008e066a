// Telegram updates already handled (docs/bots.md, "Telegram"): Telegram delivers an update again
// when it did not get a 2xx in time; a second delivery is answered empty. Kept one day.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const botUpdateSchema = new Schema(
  {
    /** `telegram:<update_id>`. */
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'bot_updates', versionKey: false },
);
botUpdateSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
export type BotUpdateDoc = InferSchemaType<typeof botUpdateSchema>;

export function botUpdateModel(connection: Connection) {
  return connection.model('BotUpdate', botUpdateSchema);
}
