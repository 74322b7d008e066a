// The bots' endpoints (docs/bots.md): the Telegram webhook and the Discord interactions endpoint.
// Mounted before the public rate limit and every body parser: each authenticates its caller (the
// webhook secret, the Ed25519 signature) before it reads the body, and parses its own body.
// Answers sent after the response (slow Telegram answers, deferred Discord edits) are awaited on
// shutdown through `botRepliesSettled`.
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { discordInteractionRoutes } from './discord-interactions.js';
import { pendingTelegramReplies, telegramWebhookRoutes } from './telegram-webhook.js';

/** Resolves when every bot answer sent after its response has gone out (or was given up). */
export async function botRepliesSettled(deps: AppDeps): Promise<void> {
  const { pendingEdits } = deps.bots;
  await pendingTelegramReplies(deps);
  while (pendingEdits.size > 0) await Promise.all([...pendingEdits]);
}

export function botRoutes(deps: AppDeps): Router {
  const router = Router();
  const discord = discordInteractionRoutes(deps);
  router.use(telegramWebhookRoutes(deps));
  router.use(discord);
  return router;
}
