// STUB (part B replaces it): one verified Discord interaction in, the response out (docs/bots.md, "Discord").
import type { BotDeps } from './bot-deps.js';

/** An interaction response now, or a deferred one (type 5) and the text to edit in later. */
export type InteractionOutcome = { now: Record<string, unknown> } | { defer: Promise<string> };

export async function handleInteraction(_deps: BotDeps, _interaction: unknown): Promise<InteractionOutcome> {
  return Promise.reject(new Error('not implemented'));
}
