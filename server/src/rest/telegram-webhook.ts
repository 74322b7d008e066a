// POST TELEGRAM_WEBHOOK_PATH (docs/bots.md, "Telegram"): Telegram's updates. The secret header is
// compared (in constant time) before the body is read: a refusal is 401 and nothing else happens.
// The route's own JSON parser runs after the check (the app's parser comes later). The answer is
// a Bot API call in the response body, or 200 with an empty body when there is nothing to say
// (a non-2xx would make Telegram deliver the update again).
import { createHash, timingSafeEqual } from 'node:crypto';
import { RegistryError } from '@pkg/shared';
import express, { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../deps.js';
import type { TelegramMessenger } from '../infra/telegram/bot-api.js';
import { handleTelegramUpdate, telegramRepliesSettled } from '../services/bots/telegram-update.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Resolves when every Telegram answer sent after its webhook reply has been sent (tests, shutdown). */
export async function pendingTelegramReplies(deps: AppDeps): Promise<void> {
  await telegramRepliesSettled(deps.bots);
}

export function telegramWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  const {
    TELEGRAM_BOT_TOKEN: token,
    TELEGRAM_WEBHOOK_SECRET: secret,
    TELEGRAM_WEBHOOK_PATH: path,
  } = deps.config;
  const bots = deps.bots;
  const expected = secret ? sha256(secret) : undefined;
  const messenger = bots.messenger as TelegramMessenger | undefined;

  const checkSecret: RequestHandler = (req, _res, next) => {
    if (!token || !expected) {
      const missing = [!token && 'TELEGRAM_BOT_TOKEN', !expected && 'TELEGRAM_WEBHOOK_SECRET'].filter(
        Boolean,
      );
      throw new RegistryError(
        'NOT_CONFIGURED',
        `The Telegram webhook is not configured: set ${missing.join(' and ')}.`,
      );
    }
    const got = req.get('x-telegram-bot-api-secret-token') ?? '';
    if (!timingSafeEqual(sha256(got), expected)) {
      req.log.warn({ path: req.path, reason: 'secret' }, 'telegram webhook refused');
      throw new RegistryError('UNAUTHENTICATED', 'The webhook secret is missing or wrong.');
    }
    next();
  };

  router.post(path, checkSecret, express.json({ limit: '256kb', type: () => true }), async (req, res) => {
    const reply = await handleTelegramUpdate(bots, req.body, {
      ...(messenger?.botUsername ? { botUsername: messenger.botUsername } : {}),
    });
    if (reply) res.json(reply);
    else res.status(200).end();
  });

  return router;
}
