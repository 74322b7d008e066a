// The questions a day of Ask and the model calls a day of a visitor (docs/public-api.md, "Ask",
// "Limits"). A visitor (the client as the server sees it) has ASK_LIMITS.visitorPerDay
// questions; a request with a valid holder pass whose wallet holds at least
// HOLDER_PASS_THRESHOLD tokens, read fresh now, has ASK_LIMITS.holderPerDay on the wallet's
// counter. A pass whose balance is under the threshold, or could not be read, counts as a
// visitor (the answer's `holder` says which), never as an error. Every question also takes one of
// the visitor's PKG_AI_DAILY_LIMIT model calls. Counters: daily-counter.ts (keyed hashes only).
import { ASK_LIMITS, RegistryError, type AskHolderStatus, type AskQuota } from '@pkg/shared';
import type { AiDeps } from './ai-deps.js';
import type { VerifiedPass } from '../holder-pass/pass-token.js';
import { readHolderBalance } from '../holder-pass/holder-balance.js';
import {
  countOf,
  dailyCounter,
  giveOne,
  inWords,
  secondsUntil,
  takeOne,
  type DailyCounter,
} from './daily-counter.js';

/** Who asks: the client (its address as the server sees it) and the pass it sent, if any. */
export interface Visitor {
  client: string;
  pass?: VerifiedPass;
}

/** A question taken from a counter: the quota after it, and a way to give it back. */
export interface QuestionTicket {
  quota: AskQuota;
  release: () => Promise<void>;
}

interface Allowance {
  kind: AskQuota['kind'];
  holder: AskHolderStatus;
  counter: DailyCounter;
}

async function holderStatus(deps: AiDeps, pass: VerifiedPass): Promise<AskHolderStatus> {
  try {
    const balance = await readHolderBalance(deps, pass.address);
    if (!balance.ok) return 'balance-unreadable';
    return balance.isHolder ? 'holder' : 'below-threshold';
  } catch {
    // No project token configured: no balance to read.
    return 'balance-unreadable';
  }
}

/** Whose counter the visitor's questions come from, with the balance read now. */
async function allowanceOf(deps: AiDeps, visitor: Visitor): Promise<Allowance> {
  const holder = visitor.pass ? await holderStatus(deps, visitor.pass) : 'none';
  if (holder === 'holder' && visitor.pass)
    return {
      kind: 'holder',
      holder,
      counter: dailyCounter(deps, 'holder', visitor.pass.address.toLowerCase(), ASK_LIMITS.holderPerDay),
    };
  return {
    kind: 'visitor',
    holder,
    counter: dailyCounter(deps, 'visitor', visitor.client, ASK_LIMITS.visitorPerDay),
  };
}

const quotaOf = (allowance: Allowance, used: number): AskQuota => ({
  kind: allowance.kind,
  holder: allowance.holder,
  limit: allowance.counter.limit,
  remaining: Math.max(0, allowance.counter.limit - used),
  resetsAt: allowance.counter.resetsAt.toISOString(),
});

function exceeded(deps: AiDeps, counter: DailyCounter, what: string): RegistryError {
  const retryAfter = secondsUntil(deps.clock(), counter.resetsAt);
  return new RegistryError(
    'QUOTA_EXCEEDED',
    `You have used your ${counter.limit} ${what} for today; they reset at 00:00 UTC (in ${inWords(retryAfter)}).`,
    { retryAfter },
  );
}

export async function questionQuota(deps: AiDeps, visitor: Visitor): Promise<AskQuota> {
  const allowance = await allowanceOf(deps, visitor);
  return quotaOf(allowance, await countOf(deps, allowance.counter));
}

/** Takes one question (QUOTA_EXCEEDED when none is left), and one model-call day slot. */
export async function takeQuestion(deps: AiDeps, visitor: Visitor): Promise<QuestionTicket> {
  const allowance = await allowanceOf(deps, visitor);
  const count = await takeOne(deps, allowance.counter);
  if (count === undefined) throw exceeded(deps, allowance.counter, 'questions');
  let releaseAiCall: () => Promise<void>;
  try {
    releaseAiCall = await takeAiCall(deps, visitor.client);
  } catch (error) {
    await giveOne(deps, allowance.counter);
    throw error;
  }
  let released = false;
  return {
    quota: quotaOf(allowance, count),
    release: async () => {
      if (released) return;
      released = true;
      await Promise.all([giveOne(deps, allowance.counter), releaseAiCall()]);
    },
  };
}

/** Takes one of the visitor's model calls of the day (PKG_AI_DAILY_LIMIT); returns the release. */
export async function takeAiCall(deps: AiDeps, client: string): Promise<() => Promise<void>> {
  if (deps.aiDailyLimit === 0) return () => Promise.resolve();
  const counter = dailyCounter(deps, 'ai', client, deps.aiDailyLimit);
  if ((await takeOne(deps, counter)) === undefined) throw exceeded(deps, counter, 'AI requests');
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await giveOne(deps, counter);
  };
}
