// Announcing an event to a chat exactly once (docs/bots.md, "Alerts (Telegram)"): the event is first claimed
// by inserting `<chat>:<kind>:<event key>` into bot_announced (a second insert fails: E11000, so
// two checks or two processes never both send it); then the message is sent; then the claims are
// marked sent. A transient failure releases the claims (retried by a later check); a blocked or
// gone chat loses its alerts. A process killed between sending and marking leaves a `claimed`
// record that is never resent: at most once, by design.
import type { BotDeps } from '../bot-deps.js';
import type { ChatRef, SendResult } from '../types.js';
import { removeChat } from './alert-store.js';
import { isDuplicateKeyError } from '../../../db/duplicate-key.js';

/** How long an announcement record is kept: far longer than any check looks back. */
export const ANNOUNCED_TTL_MS = 7 * 24 * 3600 * 1000;

export const announcementId = (chat: string, kind: string, eventKey: string) => `${chat}:${kind}:${eventKey}`;

/** Claims an event for a chat: true when this caller is the one to announce it. */
export async function claimEvent(
  deps: BotDeps,
  chat: string,
  kind: string,
  eventKey: string,
): Promise<boolean> {
  const now = deps.clock();
  try {
    await deps.models.BotAnnouncement.create({
      _id: announcementId(chat, kind, eventKey),
      chat,
      kind,
      state: 'claimed',
      claimedAt: now,
      expiresAt: new Date(now.getTime() + ANNOUNCED_TTL_MS),
    });
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

/** Whether an event was announced (or is being announced) to a chat. */
export async function wasAnnounced(
  deps: BotDeps,
  chat: string,
  kind: string,
  eventKey: string,
): Promise<boolean> {
  const found = await deps.models.BotAnnouncement.exists({
    _id: announcementId(chat, kind, eventKey),
    expiresAt: { $gt: deps.clock() },
  });
  return found !== null;
}

export type DeliveryOutcome = 'sent' | 'failed' | 'removed';

/**
 * Sends a message to a chat; a blocked or gone chat has its alerts removed (and is not tried
 * again); without a messenger nothing can be sent (failed).
 */
export async function deliver(deps: BotDeps, chat: ChatRef, text: string): Promise<DeliveryOutcome> {
  if (!deps.messenger) return 'failed';
  let result: SendResult;
  try {
    result = await deps.messenger.send(chat, text);
  } catch (error) {
    result = { status: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  if (result.status === 'sent') return 'sent';
  if (result.status === 'blocked' || result.status === 'gone') {
    const removed = await removeChat(deps.models, chat.chat);
    deps.log.info({ chat: chat.chat, reason: result.reason, removed }, 'bot chat alerts removed');
    return 'removed';
  }
  deps.log.warn({ chat: chat.chat, reason: result.reason }, 'bot alert not sent');
  return 'failed';
}

/**
 * Claims each event key for the chat, sends one message built from the claimed ones, then marks
 * them sent (or releases them when the send failed). Returns the keys announced.
 */
export async function announce(
  deps: BotDeps,
  chat: ChatRef,
  kind: string,
  eventKeys: readonly string[],
  message: (claimed: string[]) => string,
): Promise<{ outcome: DeliveryOutcome | 'nothing'; claimed: string[] }> {
  const claimed: string[] = [];
  for (const key of eventKeys) if (await claimEvent(deps, chat.chat, kind, key)) claimed.push(key);
  if (claimed.length === 0) return { outcome: 'nothing', claimed };
  const ids = claimed.map((k) => announcementId(chat.chat, kind, k));
  const outcome = await deliver(deps, chat, message(claimed));
  if (outcome === 'failed') await deps.models.BotAnnouncement.deleteMany({ _id: { $in: ids } });
  else await deps.models.BotAnnouncement.updateMany({ _id: { $in: ids } }, { $set: { state: 'sent' } });
  return { outcome, claimed };
}
