// STUB (part A replaces it): POST TELEGRAM_WEBHOOK_PATH (docs/bots.md, "Telegram").
import { Router } from 'express';
import type { AppDeps } from '../deps.js';

export function telegramWebhookRoutes(_deps: AppDeps): Router {
  return Router();
}
