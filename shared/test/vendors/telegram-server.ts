// Double of the Telegram Bot API (https://core.telegram.org/bots/api): `POST /bot<token>/<method>`
// with a JSON or `application/x-www-form-urlencoded` body ("Making requests"). Answers follow the
// documented envelope `{ok, result}` / `{ok:false, error_code, description, parameters?}`
// ("Making requests", "ResponseParameters") and the methods "getMe", "setWebhook",
// "deleteWebhook", "getWebhookInfo", "sendMessage" and "sendChatAction". Ids and names are
// illustrative.
import { EventEmitter } from 'node:events';
import { sendJson, startHttpDouble, type HttpDouble } from './http-double.js';

/** The bot's username the double's getMe reports. */
export const TELEGRAM_BOT_USERNAME = 'PkgTestBot';
const BOT_ID = 7000000001;

export interface TelegramCall {
  method: string;
  body: Record<string, unknown>;
}

/** An answer served instead of the normal one (a failure on demand), e.g. a 429 with retry_after. */
export interface TelegramQueuedAnswer {
  /** Only calls of this method (default: any). */
  method?: string;
  status: number;
  body: unknown;
}

export interface TelegramDouble extends HttpDouble {
  /** The API origin to configure as TELEGRAM_BASE_URL (the double serves `/bot<token>/…`). */
  baseUrl: string;
  calls: TelegramCall[];
  /** Bodies of the sendMessage calls that succeeded. */
  sent: Record<string, unknown>[];
  failNext: TelegramQueuedAnswer[];
  /** Chat ids (as strings) that blocked the bot: sendMessage answers 403. */
  blocked: Set<string>;
  /** Chat ids (as strings) that do not exist: sendMessage answers 400 "chat not found". */
  missing: Set<string>;
  /** The webhook getWebhookInfo reports (setWebhook and deleteWebhook change it). */
  webhook: {
    url: string;
    allowedUpdates: string[];
    hasSecret: boolean;
    lastErrorDate?: number;
    lastErrorMessage?: string;
  };
  /** Resolves once `sent` holds at least n messages (event-based). */
  waitForMessages: (n: number) => Promise<void>;
  /** Resolves once a recorded call satisfies `pred` (event-based). */
  waitFor: (pred: (call: TelegramCall) => boolean) => Promise<TelegramCall>;
  reset: () => void;
}

const error = (code: number, description: string, parameters?: Record<string, unknown>) => ({
  ok: false,
  error_code: code,
  description,
  ...(parameters ? { parameters } : {}),
});

const botUser = {
  id: BOT_ID,
  is_bot: true,
  first_name: 'PKG Test',
  username: TELEGRAM_BOT_USERNAME,
};

function parseBody(contentType: string | undefined, raw: string): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(raw)) {
      // Bot API form values holding JSON (reply_parameters, allowed_updates…) are JSON text.
      try {
        out[k] = /^[[{]/.test(v) ? JSON.parse(v) : v;
      } catch {
        out[k] = v;
      }
    }
    return out;
  }
  const parsed: unknown = JSON.parse(raw);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

const scalar = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export async function startTelegramServer(token: string): Promise<TelegramDouble> {
  const events = new EventEmitter();
  events.setMaxListeners(100);
  let messageId = 1000;
  const state = {
    calls: [] as TelegramCall[],
    sent: [] as Record<string, unknown>[],
    failNext: [] as TelegramQueuedAnswer[],
    blocked: new Set<string>(),
    missing: new Set<string>(),
    webhook: { url: '', allowedUpdates: [] as string[], hasSecret: false } as TelegramDouble['webhook'],
  };
  const http = await startHttpDouble((req, raw, res) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (!match || match[1] !== token) {
      sendJson(res, match ? 401 : 404, match ? error(401, 'Unauthorized') : error(404, 'Not Found'));
      return;
    }
    const method = match[2] ?? '';
    let body: Record<string, unknown>;
    try {
      body = parseBody(req.headers['content-type'], raw);
    } catch {
      sendJson(res, 400, error(400, "Bad Request: can't parse JSON"));
      return;
    }
    const call = { method, body };
    state.calls.push(call);
    events.emit('call', call);
    const queued = state.failNext.findIndex((q) => !q.method || q.method === method);
    if (queued >= 0) {
      const [answer] = state.failNext.splice(queued, 1);
      if (answer) {
        sendJson(res, answer.status, answer.body);
        return;
      }
    }
    const now = Math.floor(Date.now() / 1000);
    switch (method) {
      // getMe: "Returns basic information about the bot in form of a User object."
      case 'getMe':
        sendJson(res, 200, {
          ok: true,
          result: {
            ...botUser,
            can_join_groups: true,
            can_read_all_group_messages: false,
            supports_inline_queries: false,
          },
        });
        return;
      case 'setWebhook':
        state.webhook.url = scalar(body.url);
        state.webhook.allowedUpdates = Array.isArray(body.allowed_updates)
          ? body.allowed_updates.map(String)
          : [];
        state.webhook.hasSecret = typeof body.secret_token === 'string' && body.secret_token !== '';
        sendJson(res, 200, { ok: true, result: true, description: 'Webhook was set' });
        return;
      case 'deleteWebhook':
        state.webhook.url = '';
        sendJson(res, 200, { ok: true, result: true, description: 'Webhook was deleted' });
        return;
      // getWebhookInfo: the WebhookInfo object.
      case 'getWebhookInfo':
        sendJson(res, 200, {
          ok: true,
          result: {
            url: state.webhook.url,
            has_custom_certificate: false,
            pending_update_count: 0,
            max_connections: 40,
            allowed_updates: state.webhook.allowedUpdates.length ? state.webhook.allowedUpdates : ['message'],
            ...(state.webhook.lastErrorDate !== undefined
              ? { last_error_date: state.webhook.lastErrorDate }
              : {}),
            ...(state.webhook.lastErrorMessage !== undefined
              ? { last_error_message: state.webhook.lastErrorMessage }
              : {}),
          },
        });
        return;
      case 'sendChatAction':
        sendJson(res, 200, { ok: true, result: true });
        return;
      // sendMessage: "On success, the sent Message is returned."
      case 'sendMessage': {
        const chatId = scalar(body.chat_id);
        if (state.blocked.has(chatId)) {
          sendJson(res, 403, error(403, 'Forbidden: bot was blocked by the user'));
          return;
        }
        if (state.missing.has(chatId) || chatId === '') {
          sendJson(res, 400, error(400, 'Bad Request: chat not found'));
          return;
        }
        if (typeof body.text !== 'string' || body.text === '') {
          sendJson(res, 400, error(400, 'Bad Request: message text is empty'));
          return;
        }
        if (body.text.length > 4096) {
          sendJson(res, 400, error(400, 'Bad Request: message is too long'));
          return;
        }
        messageId += 1;
        state.sent.push(body);
        sendJson(res, 200, {
          ok: true,
          result: {
            message_id: messageId,
            from: botUser,
            chat: { id: Number(chatId), type: Number(chatId) < 0 ? 'supergroup' : 'private' },
            date: now,
            text: body.text,
          },
        });
        events.emit('sent');
        return;
      }
      default:
        sendJson(res, 404, error(404, 'Not Found'));
    }
  });

  const double: TelegramDouble = Object.assign(http, state, {
    baseUrl: http.origin,
    waitForMessages: (n: number) =>
      new Promise<void>((resolve) => {
        if (double.sent.length >= n) return resolve();
        const check = () => {
          if (double.sent.length >= n) {
            events.off('sent', check);
            resolve();
          }
        };
        events.on('sent', check);
      }),
    waitFor: (pred: (call: TelegramCall) => boolean) =>
      new Promise<TelegramCall>((resolve) => {
        const found = double.calls.find(pred);
        if (found) return resolve(found);
        const check = (call: TelegramCall) => {
          if (pred(call)) {
            events.off('call', check);
            resolve(call);
          }
        };
        events.on('call', check);
      }),
    reset: () => {
      double.calls.length = 0;
      double.sent.length = 0;
      double.failNext.length = 0;
      double.blocked.clear();
      double.missing.clear();
      const webhook = double.webhook;
      webhook.url = '';
      webhook.allowedUpdates = [];
      webhook.hasSecret = false;
      delete webhook.lastErrorDate;
      delete webhook.lastErrorMessage;
    },
  });
  return double;
}

/** What `telegramUpdate` builds a message from. */
export interface TelegramUpdateInput {
  updateId?: number;
  chat: { id: number; type: 'private' | 'group' | 'supergroup' | 'channel'; title?: string };
  from: { id: number; first_name: string; username?: string };
  text: string;
  /** The forum topic (message_thread_id). */
  threadId?: number;
  messageId?: number;
}

let nextUpdateId = 500_000_000;

/**
 * A documented Update (https://core.telegram.org/bots/api#update) holding a Message
 * (#message) whose text starting with `/` carries a `bot_command` MessageEntity at offset 0
 * (#messageentity) spanning `/cmd` or `/cmd@bot`.
 */
export function telegramUpdate(input: TelegramUpdateInput) {
  const updateId = input.updateId ?? (nextUpdateId += 1);
  const command = /^\/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?/.exec(input.text);
  return {
    update_id: updateId,
    message: {
      message_id: input.messageId ?? updateId % 100_000,
      ...(input.threadId !== undefined ? { message_thread_id: input.threadId, is_topic_message: true } : {}),
      from: {
        id: input.from.id,
        is_bot: false,
        first_name: input.from.first_name,
        ...(input.from.username ? { username: input.from.username } : {}),
        language_code: 'en',
      },
      chat: {
        id: input.chat.id,
        type: input.chat.type,
        ...(input.chat.type === 'private'
          ? { first_name: input.from.first_name }
          : { title: input.chat.title ?? 'Test group' }),
      },
      date: Math.floor(Date.now() / 1000),
      text: input.text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
    },
  };
}
