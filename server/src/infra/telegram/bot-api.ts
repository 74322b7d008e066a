// The Telegram Bot API client (https://core.telegram.org/bots/api, "Making requests"; docs/bots.md,
// "Telegram"): `POST {TELEGRAM_BASE_URL}/bot<token>/<method>` with a JSON body through the guarded
// fetch. The token is in the path: it is redacted from every error and never logged. The
// messenger sends with `sendMessage`: a 429 waits `retry_after` seconds through the injected
// `wait` and tries again (3 times at most); 403 means the bot was blocked or removed, 400 "chat
// not found" that the chat is gone.
import { createGuardedFetch, createRedactor, netPolicy, type Redactor } from '@pkg/shared/data';
import { telegramEnvelopeSchema, telegramMeSchema, type TelegramEnvelope } from './telegram-schemas.js';

export interface TelegramSettings {
  token: string;
  baseUrl: string;
  /** PKG_NET_ALLOW_PRIVATE=1: the base URL may be a loopback or private address (tests, proxies). */
  allowPrivate: boolean;
}

const DEFAULT_BASE_URL = 'https://api.telegram.org';
const MAX_RETRIES = 3;
/** A 429 waits at most this long (flood waits beyond it are reported as a failure). */
const MAX_RETRY_AFTER_S = 300;
/** How often a failed getMe is tried again. */
const GET_ME_RETRY_MS = 60_000;

export type TelegramCallResult =
  { ok: true; result: unknown } | { ok: false; status: number; description: string; retryAfterS?: number };

export interface TelegramApi {
  call: (method: string, body: Record<string, unknown>) => Promise<TelegramCallResult>;
  redact: Redactor;
}

export function createTelegramApi(settings: TelegramSettings): TelegramApi {
  const fetcher = createGuardedFetch();
  const policy = netPolicy({
    provider: 'telegram',
    defaultUrls: [DEFAULT_BASE_URL],
    configuredUrls: [settings.baseUrl],
    allowPrivate: settings.allowPrivate,
    timeoutMs: 15_000,
    maxBytes: 512 * 1024,
  });
  const redact = createRedactor([settings.token, `bot${settings.token}`]);
  async function call(method: string, body: Record<string, unknown>): Promise<TelegramCallResult> {
    let response;
    try {
      response = await fetcher.fetch({
        url: `${settings.baseUrl}/bot${settings.token}/${method}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        policy,
        redact,
      });
    } catch (error) {
      return {
        ok: false,
        status: 0,
        description: redact(error instanceof Error ? error.message : String(error)),
      };
    }
    let envelope: TelegramEnvelope | undefined;
    try {
      const parsed = telegramEnvelopeSchema.safeParse(JSON.parse(response.text));
      envelope = parsed.success ? parsed.data : undefined;
    } catch {
      envelope = undefined;
    }
    if (envelope?.ok === true && response.status < 300) return { ok: true, result: envelope.result };
    const retryAfter = envelope?.parameters?.retry_after;
    return {
      ok: false,
      status: envelope?.error_code ?? response.status,
      description: redact((envelope?.description ?? `HTTP ${response.status}`).slice(0, 300)),
      ...(retryAfter !== undefined ? { retryAfterS: retryAfter } : {}),
    };
  }
  return { call, redact };
}

/** Where a message goes: a chat, and a forum topic in it. */
export interface TelegramTarget {
  chatId: string;
  threadId?: number | undefined;
}

/** What became of a message: the bots decide what each outcome means for the chat. */
export type SendResult =
  | { status: 'sent' }
  /** 403: the bot was blocked or removed. */
  | { status: 'blocked'; reason: string }
  /** 400 "chat not found": the chat is gone. */
  | { status: 'gone'; reason: string }
  | { status: 'failed'; reason: string };

export interface TelegramMessenger {
  send: (target: TelegramTarget, text: string) => Promise<SendResult>;
  /** The bot's username from getMe, read once and kept; undefined while it cannot be read. */
  botUsername: () => Promise<string | undefined>;
}

/** What sendMessage's failure means for the chat. */
function classify(result: Extract<TelegramCallResult, { ok: false }>): SendResult {
  const reason = result.description;
  if (result.status === 403) return { status: 'blocked', reason };
  if (result.status === 400 && /chat not found/i.test(reason)) return { status: 'gone', reason };
  return { status: 'failed', reason };
}

/** A messenger sending with `sendMessage` (429 waits `retry_after` through `wait`). */
export function createTelegramMessenger(
  settings: TelegramSettings,
  wait: (ms: number) => Promise<void>,
): TelegramMessenger {
  const api = createTelegramApi(settings);
  let username: string | undefined;
  let lastTry = -Infinity;
  let pending: Promise<string | undefined> | undefined;

  async function send(chat: TelegramTarget, text: string): Promise<SendResult> {
    const body = {
      chat_id: chat.chatId,
      text,
      link_preview_options: { is_disabled: true },
      ...(chat.threadId !== undefined ? { message_thread_id: chat.threadId } : {}),
    };
    for (let attempt = 0; ; attempt++) {
      const result = await api.call('sendMessage', body);
      if (result.ok) return { status: 'sent' };
      if (result.status === 429 && attempt < MAX_RETRIES) {
        const seconds = Math.min(Math.max(result.retryAfterS ?? 1, 0), MAX_RETRY_AFTER_S);
        await wait(seconds * 1000);
        continue;
      }
      return classify(result);
    }
  }

  function botUsername(): Promise<string | undefined> {
    if (username) return Promise.resolve(username);
    if (pending) return pending;
    if (Date.now() - lastTry < GET_ME_RETRY_MS) return Promise.resolve(undefined);
    lastTry = Date.now();
    pending = api
      .call('getMe', {})
      .then((result) => {
        const me = result.ok ? telegramMeSchema.safeParse(result.result) : undefined;
        if (me?.success) username = me.data.username;
        return username;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return { send, botUsername };
}
