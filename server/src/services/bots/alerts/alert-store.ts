// A chat's alerts (docs/bots.md, "Alerts (Telegram)"): at most BOT_ALERTS_PER_CHAT, held by the unique
// index over (chat, slot): an add takes the lowest free slot, and a concurrent add that took the
// same slot first makes the insert fail (E11000), so it re-reads and tries the next free one.
// Alerts are numbered by creation time (then id), not by slot. A price alert stored without a unit
// (set before alerts had units) has its level in the pool's quote token, as it had then.
import { BOT_ALERTS_PER_CHAT, type BotAlertKind, type BotPriceUnit } from '../../../db/models/bot-alert.js';
import type { BotDeps } from '../bot-deps.js';
import type { ChatRef } from '../types.js';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';

export interface AlertParams {
  level?: string;
  /** The unit of `level` (price alerts only). */
  unit?: BotPriceUnit;
  usdMin?: string;
  liquidityMin?: string;
}

export interface StoredAlert {
  id: string;
  chat: string;
  chatId: string;
  threadId: number | null;
  kind: BotAlertKind;
  params: AlertParams;
  sinceBlock: string | null;
  createdAt: Date;
  firedAt: Date | null;
}

type Models = BotDeps['models'];

function toAlert(doc: {
  _id: unknown;
  chat: string;
  chatId: string;
  threadId?: number | null;
  kind: string;
  params?: {
    level?: string | null;
    unit?: string | null;
    usdMin?: string | null;
    liquidityMin?: string | null;
  } | null;
  sinceBlock?: string | null;
  createdAt: Date;
  firedAt?: Date | null;
}): StoredAlert {
  const p = doc.params ?? {};
  const isPrice = doc.kind === 'price_above' || doc.kind === 'price_below';
  return {
    id: String(doc._id),
    chat: doc.chat,
    chatId: doc.chatId,
    threadId: doc.threadId ?? null,
    kind: doc.kind as BotAlertKind,
    params: {
      ...(p.level ? { level: p.level } : {}),
      ...(isPrice ? { unit: p.unit === 'usd' ? 'usd' : 'quote' } : {}),
      ...(p.usdMin ? { usdMin: p.usdMin } : {}),
      ...(p.liquidityMin ? { liquidityMin: p.liquidityMin } : {}),
    },
    sinceBlock: doc.sinceBlock ?? null,
    createdAt: doc.createdAt,
    firedAt: doc.firedAt ?? null,
  };
}

/** The chat an alert goes to. */
export function chatOf(alert: StoredAlert): ChatRef {
  return {
    platform: 'telegram',
    chat: alert.chat,
    chatId: alert.chatId,
    ...(alert.threadId !== null ? { threadId: alert.threadId } : {}),
    kind: alert.chatId.startsWith('-') ? 'group' : 'private',
  };
}

/** A chat's alerts, numbered from 1 in this order. */
export async function listAlerts(models: Models, chat: string): Promise<StoredAlert[]> {
  const docs = await models.BotAlert.find({ chat }).sort({ createdAt: 1, _id: 1 }).lean();
  return docs.map(toAlert);
}

/** Every alert of these kinds, oldest first. */
export async function alertsOfKind(models: Models, kinds: readonly BotAlertKind[]): Promise<StoredAlert[]> {
  const docs = await models.BotAlert.find({ kind: { $in: kinds } })
    .sort({ createdAt: 1, _id: 1 })
    .lean();
  return docs.map(toAlert);
}

/** Adds an alert in the lowest free slot; `full` when the chat has BOT_ALERTS_PER_CHAT already. */
export async function addAlert(
  models: Models,
  chat: ChatRef,
  alert: { kind: BotAlertKind; params: AlertParams; sinceBlock?: string; createdAt: Date },
): Promise<{ ok: true; alert: StoredAlert } | { ok: false; full: true }> {
  // Each pass either inserts or sees a slot taken by another add; there are at most 10 slots.
  for (let attempt = 0; attempt <= BOT_ALERTS_PER_CHAT; attempt++) {
    const used = new Set(
      (await models.BotAlert.find({ chat: chat.chat }, { slot: 1 }).lean()).map((d) => d.slot),
    );
    let slot = 0;
    while (used.has(slot)) slot++;
    if (slot >= BOT_ALERTS_PER_CHAT) return { ok: false, full: true };
    try {
      const doc = await models.BotAlert.create({
        chat: chat.chat,
        chatId: chat.chatId,
        threadId: chat.threadId ?? null,
        slot,
        kind: alert.kind,
        params: alert.params,
        sinceBlock: alert.sinceBlock ?? null,
        createdAt: alert.createdAt,
        firedAt: null,
      });
      return { ok: true, alert: toAlert(doc.toObject()) };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  return { ok: false, full: true };
}

/** Removes the chat's n-th alert (1-based, in listing order); the removed alert or undefined. */
export async function removeNth(models: Models, chat: string, n: number): Promise<StoredAlert | undefined> {
  const alerts = await listAlerts(models, chat);
  const target = alerts[n - 1];
  if (!target) return undefined;
  const removed = await models.BotAlert.deleteOne({ _id: target.id, chat });
  return removed.deletedCount === 1 ? target : undefined;
}

/** Removes every alert of a chat; how many were removed. */
export async function removeChat(models: Models, chat: string): Promise<number> {
  const removed = await models.BotAlert.deleteMany({ chat });
  return removed.deletedCount;
}

/** Sets `sinceBlock` where a check found it unset (the head read failed at /whales on). */
export async function setSinceBlock(models: Models, id: string, block: string): Promise<void> {
  await models.BotAlert.updateOne({ _id: id, sinceBlock: null }, { $set: { sinceBlock: block } });
}
