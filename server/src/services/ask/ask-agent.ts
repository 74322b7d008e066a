// STUB (part B replaces it): the Ask agent's bounded loop.
import type { AskAnswer, AskQuota } from '@pkg/shared';
import type { AiDeps } from '../ai/ai-deps.js';

/** An answer without the quota members (the procedure adds them). */
export type AskRun = Omit<AskAnswer, keyof AskQuota>;

export async function runAsk(_deps: AiDeps, _question: string): Promise<AskRun> {
  throw new Error('not implemented');
}
