// Per-day counters of the AI features (docs/public-api.md, "Ask", "Limits"): questions of a
// visitor or of a holder, and model calls of a visitor. A counter lives in `counters` under an id
// that is a keyed hash (HMAC-SHA256 with the pass secret's counter key) of its kind, its subject
// and the UTC day, so the database never holds the subject itself (a client address or a wallet
// address), and the id of tomorrow's counter cannot be linked to today's. It expires at the next
// 00:00 UTC. One atomic `$inc` takes a unit; over the limit it is given back at once.
import { createHmac } from 'node:crypto';
import type { Models } from '../../../db/models/index.js';
import type { AiDeps } from './ai-deps.js';

/** What taking and giving back needs: the counters collection. */
type CounterStore = { models: Pick<Models, 'Counter'> };

export type CounterKind = 'visitor' | 'holder' | 'ai';

export interface DailyCounter {
  id: string;
  limit: number;
  /** The next 00:00 UTC: when the counter expires and a new day's starts. */
  resetsAt: Date;
}

const DAY_MS = 24 * 60 * 60_000;

/** The UTC day of `now` (YYYY-MM-DD) and the next 00:00 UTC. */
export function utcDay(now: Date): { day: string; resetsAt: Date } {
  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return { day: new Date(start).toISOString().slice(0, 10), resetsAt: new Date(start + DAY_MS) };
}

/** `q:` + base64url(HMAC-SHA256(key, kind|subject|day)). */
export function counterId(key: Uint8Array, kind: CounterKind, subject: string, day: string): string {
  return `q:${createHmac('sha256', key).update(`${kind}|${subject}|${day}`).digest('base64url')}`;
}

export function dailyCounter(
  deps: Pick<AiDeps, 'clock' | 'passKeys'>,
  kind: CounterKind,
  subject: string,
  limit: number,
): DailyCounter {
  const { day, resetsAt } = utcDay(deps.clock());
  return { id: counterId(deps.passKeys.counter, kind, subject, day), limit, resetsAt };
}

/** Units taken today (expired counters read as 0 whatever the TTL sweep has done yet). */
export async function countOf(
  deps: CounterStore & Pick<AiDeps, 'clock'>,
  counter: DailyCounter,
): Promise<number> {
  const doc = await deps.models.Counter.findOne({ _id: counter.id, expiresAt: { $gt: deps.clock() } })
    .select({ count: 1 })
    .lean();
  return doc?.count ?? 0;
}

/** Takes one unit: the count after it, or undefined when the limit was already reached. */
export async function takeOne(deps: CounterStore, counter: DailyCounter): Promise<number | undefined> {
  const doc = await deps.models.Counter.findOneAndUpdate(
    { _id: counter.id },
    { $inc: { count: 1 }, $setOnInsert: { expiresAt: counter.resetsAt } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  const count = doc?.count ?? 1;
  if (count <= counter.limit) return count;
  await giveOne(deps, counter);
  return undefined;
}

/** Gives one unit back (a question that got no answer). */
export async function giveOne(deps: CounterStore, counter: DailyCounter): Promise<void> {
  await deps.models.Counter.updateOne({ _id: counter.id, count: { $gt: 0 } }, { $inc: { count: -1 } });
}

/** Seconds from `now` to `resetsAt` (at least 1), for Retry-After. */
export const secondsUntil = (now: Date, resetsAt: Date) =>
  Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));

/** "5 h 12 min", "3 min", "less than a minute". */
export function inWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return m <= 1 && seconds < 60 ? 'less than a minute' : `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
