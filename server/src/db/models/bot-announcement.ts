// Events already announced to a chat (docs/bots.md, "Alerts (Telegram)"): inserting the record claims the
// event, so a trade, burn or token is announced once per chat, across checks, restarts and leader
// changes. Kept seven days, far longer than any check looks back.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const botAnnouncementSchema = new Schema(
  {
    /** `<chat>:<kind>:<event key>` (whale and burn: `txHash:logIndex`; radar: the token address). */
    _id: { type: String, required: true },
    chat: { type: String, required: true },
    kind: { type: String, required: true },
    state: { type: String, required: true, enum: ['claimed', 'sent'] },
    claimedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'bot_announced', versionKey: false },
);
botAnnouncementSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
botAnnouncementSchema.index({ chat: 1 });
export type BotAnnouncementDoc = InferSchemaType<typeof botAnnouncementSchema>;

export function botAnnouncementModel(connection: Connection) {
  return connection.model('BotAnnouncement', botAnnouncementSchema);
}
