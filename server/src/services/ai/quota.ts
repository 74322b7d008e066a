// STUB (part A replaces it): the per-day counters.
import type { AskQuota } from '@pkg/shared';
import type { AiDeps } from './ai-deps.js';
import type { VerifiedPass } from '../holder-pass/pass-token.js';

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

export async function questionQuota(_deps: AiDeps, _visitor: Visitor): Promise<AskQuota> {
  throw new Error('not implemented');
}

/** Takes one question (QUOTA_EXCEEDED when none is left), and one model-call day slot. */
export async function takeQuestion(_deps: AiDeps, _visitor: Visitor): Promise<QuestionTicket> {
  throw new Error('not implemented');
}

/** Takes one of the visitor's model calls of the day (PKG_AI_DAILY_LIMIT); returns the release. */
export async function takeAiCall(_deps: AiDeps, _client: string): Promise<() => Promise<void>> {
  throw new Error('not implemented');
}
