// The operator's Telegram webhook calls (docs/operator.md, "Bots"): "setWebhook",
// "deleteWebhook" and "getWebhookInfo" of the Bot API (https://core.telegram.org/bots/api),
// made through the client of bot-api.ts (the token is redacted from every failure). The webhook
// secret is sent as `secret_token` and never returned or printed.
import { z } from 'zod';
import { createTelegramApi, type TelegramCallResult, type TelegramSettings } from './bot-api.js';

/** The WebhookInfo object (https://core.telegram.org/bots/api#webhookinfo), the fields shown. */
const webhookInfoSchema = z.looseObject({
  url: z.string().max(2048),
  pending_update_count: z.number().int().nonnegative(),
  last_error_date: z.number().int().optional(),
  last_error_message: z.string().max(1000).optional(),
  max_connections: z.number().int().optional(),
  allowed_updates: z.array(z.string().max(64)).max(50).optional(),
});

export interface TelegramWebhookInfo {
  /** Empty when no webhook is set. */
  url: string;
  pendingUpdateCount: number;
  /** ISO time of the last delivery error, when Telegram reports one. */
  lastErrorAt?: string;
  lastErrorMessage?: string;
  allowedUpdates?: string[];
}

/** Telegram refused or could not be reached; the message is plain and holds no token. */
export class TelegramAdminError extends Error {
  override name = 'TelegramAdminError';
}

function refused(method: string, result: Extract<TelegramCallResult, { ok: false }>): TelegramAdminError {
  const status = result.status === 0 ? 'not reached' : `HTTP ${result.status}`;
  return new TelegramAdminError(`Telegram ${method} failed (${status}): ${result.description}`);
}

export interface TelegramWebhookAdmin {
  set: (input: { url: string; secret: string; dropPending: boolean }) => Promise<void>;
  remove: (input: { dropPending: boolean }) => Promise<void>;
  info: () => Promise<TelegramWebhookInfo>;
}

export function createTelegramWebhookAdmin(settings: TelegramSettings): TelegramWebhookAdmin {
  const api = createTelegramApi(settings);

  async function call(method: string, body: Record<string, unknown>): Promise<unknown> {
    const result = await api.call(method, body);
    if (!result.ok) throw refused(method, result);
    return result.result;
  }

  return {
    async set({ url, secret, dropPending }) {
      await call('setWebhook', {
        url,
        secret_token: secret,
        allowed_updates: ['message'],
        drop_pending_updates: dropPending,
      });
    },
    async remove({ dropPending }) {
      await call('deleteWebhook', { drop_pending_updates: dropPending });
    },
    async info() {
      const parsed = webhookInfoSchema.safeParse(await call('getWebhookInfo', {}));
      if (!parsed.success)
        throw new TelegramAdminError('Telegram getWebhookInfo answered an unexpected shape');
      const info = parsed.data;
      return {
        url: info.url,
        pendingUpdateCount: info.pending_update_count,
        ...(info.last_error_date !== undefined
          ? { lastErrorAt: new Date(info.last_error_date * 1000).toISOString() }
          : {}),
        ...(info.last_error_message !== undefined
          ? { lastErrorMessage: api.redact(info.last_error_message) }
          : {}),
        ...(info.allowed_updates ? { allowedUpdates: info.allowed_updates } : {}),
      };
    },
  };
}
