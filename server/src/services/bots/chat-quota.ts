// Questions a chat may ask a day (docs/bots.md, "Limits"): 10 per chat per UTC day, counted in
// the shared counters collection with one atomic update, given back when the model call fails.
import type { BotDeps } from './bot-deps.js';

export const CHAT_QUESTIONS_PER_DAY = 10;
const DAY_MS = 86_400_000;

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

export function chatQuotaKey(chat: string, now: Date): string {
  return `bot-ask:${chat}:${now.toISOString().slice(0, 10)}`;
}

/** The next UTC midnight after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}

export type QuestionTaken = { taken: true; key: string } | { taken: false; resetAt: Date };

/** Takes one of the chat's questions of the day, or says when they come back. */
export async function takeChatQuestion(deps: BotDeps, chat: string): Promise<QuestionTaken> {
  const now = deps.clock();
  const key = chatQuotaKey(chat, now);
  const resetAt = nextUtcMidnight(now);
  try {
    // The filter matches a counter below the cap; a full counter makes the upsert insert a
    // second document with the same _id, which the unique _id refuses.
    await deps.models.Counter.findOneAndUpdate(
      { _id: key, count: { $lt: CHAT_QUESTIONS_PER_DAY } },
      { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(resetAt.getTime() + DAY_MS) } },
      { upsert: true },
    );
    return { taken: true, key };
  } catch (error) {
    if (isDuplicateKey(error)) return { taken: false, resetAt };
    throw error;
  }
}

/** Gives a question back (the model call failed). */
export async function refundChatQuestion(deps: BotDeps, key: string): Promise<void> {
  await deps.models.Counter.updateOne({ _id: key, count: { $gt: 0 } }, { $inc: { count: -1 } });
}
