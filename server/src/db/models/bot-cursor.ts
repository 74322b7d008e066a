// Where each alert check stands (docs/bots.md, "Schedule"): the next block to read and when it
// last ran, kept across restarts and leader changes.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const BOT_CHECKS = ['price', 'whales', 'burns', 'radar'] as const;
export type BotCheck = (typeof BOT_CHECKS)[number];

export const botCursorSchema = new Schema(
  {
    _id: { type: String, required: true, enum: BOT_CHECKS },
    /** The next block to read (decimal string); unset before the first run. */
    nextBlock: { type: String, default: null },
    lastRunAt: { type: Date, default: null },
    lastRunBy: { type: String, default: null },
    lastError: { type: String, default: null },
  },
  { collection: 'bot_cursors', versionKey: false },
);
export type BotCursorDoc = InferSchemaType<typeof botCursorSchema>;

export function botCursorModel(connection: Connection) {
  return connection.model('BotCursor', botCursorSchema);
}
