// Questions a chat may ask a day (docs/bots.md, "Commands"): 10 per chat per UTC day, a per-day
// counter of the shared `counters` collection (services/website/ai/daily-counter.ts) under
// `bot-ask:<chat>:<day>` (a chat id is not wallet data), given back when the model call fails.
import { giveOne, takeOne, utcDay, type DailyCounter } from '../website/index.js';
import type { BotDeps } from './bot-deps.js';

export const CHAT_QUESTIONS_PER_DAY = 10;

export function chatCounter(chat: string, now: Date): DailyCounter {
  const { day, resetsAt } = utcDay(now);
  return { id: `bot-ask:${chat}:${day}`, limit: CHAT_QUESTIONS_PER_DAY, resetsAt };
}

export type QuestionTaken = { taken: true; counter: DailyCounter } | { taken: false; resetAt: Date };

/** Takes one of the chat's questions of the day, or says when they come back. */
export async function takeChatQuestion(deps: BotDeps, chat: string): Promise<QuestionTaken> {
  const counter = chatCounter(chat, deps.clock());
  const count = await takeOne(deps, counter);
  return count === undefined ? { taken: false, resetAt: counter.resetsAt } : { taken: true, counter };
}

/** Gives a question back (the model call failed). */
export async function refundChatQuestion(deps: BotDeps, counter: DailyCounter): Promise<void> {
  await giveOne(deps, counter);
}
