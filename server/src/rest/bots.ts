// The bots' endpoints (docs/bots.md): the Telegram webhook and the Discord interactions endpoint.
// Mounted before the public rate limit and every body parser: each authenticates its caller (the
// webhook secret, the Ed25519 signature) before it reads the body, and parses its own body.
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { discordInteractionRoutes } from './discord-interactions.js';
import { telegramWebhookRoutes } from './telegram-webhook.js';

export function botRoutes(deps: AppDeps): Router {
  const router = Router();
  router.use(telegramWebhookRoutes(deps));
  router.use(discordInteractionRoutes(deps));
  return router;
}
