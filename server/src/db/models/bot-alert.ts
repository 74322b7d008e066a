// Per-chat bot alerts (docs/bots.md, "Alerts (Telegram)"): at most 10 a chat, enforced by a unique index over
// ten slots, so concurrent adds can never pass the limit. Listed by creation time.
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const BOT_ALERT_KINDS = ['price_above', 'price_below', 'whales', 'burns', 'radar'] as const;
export type BotAlertKind = (typeof BOT_ALERT_KINDS)[number];
/** The unit of a price alert's level: US dollars, or the pool's quote token. */
export const BOT_PRICE_UNITS = ['usd', 'quote'] as const;
export type BotPriceUnit = (typeof BOT_PRICE_UNITS)[number];
/** Alerts a chat may have. */
export const BOT_ALERTS_PER_CHAT = 10;

export const botAlertSchema = new Schema(
  {
    /** `telegram:<chat id>`. */
    chat: { type: String, required: true },
    /** The platform's chat id (Telegram ids are 64-bit: kept as a string). */
    chatId: { type: String, required: true },
    /** A forum topic the alert was set in. */
    threadId: { type: Number, default: null },
    /** 0–9: the unique index over (chat, slot) is the per-chat limit. */
    slot: { type: Number, required: true, min: 0, max: BOT_ALERTS_PER_CHAT - 1 },
    kind: { type: String, required: true, enum: BOT_ALERT_KINDS },
    /**
     * Decimal strings: `level` (price), `usdMin` (whales), `liquidityMin` (radar); and `unit`, the
     * unit of `level`. A price alert stored before units has none: its level is in the quote token.
     */
    params: {
      level: { type: String, default: null },
      unit: { type: String, enum: [...BOT_PRICE_UNITS, null], default: null },
      usdMin: { type: String, default: null },
      liquidityMin: { type: String, default: null },
    },
    /** Events before this block are never announced for this alert (decimal string). */
    sinceBlock: { type: String, default: null },
    createdAt: { type: Date, required: true },
    /** Set when a price alert is being sent (claimed); cleared if sending failed. */
    firedAt: { type: Date, default: null },
  },
  { collection: 'bot_alerts', versionKey: false },
);
botAlertSchema.index({ chat: 1, slot: 1 }, { unique: true });
botAlertSchema.index({ kind: 1 });
botAlertSchema.index({ chat: 1, createdAt: 1 });
export type BotAlertDoc = InferSchemaType<typeof botAlertSchema>;

export function botAlertModel(connection: Connection) {
  return connection.model('BotAlert', botAlertSchema);
}
