// STUB (part A replaces it): one Telegram update in, the webhook reply out (docs/bots.md, "Telegram").
import type { BotDeps } from './bot-deps.js';

/** A Bot API method call returned as the webhook response body (`method` + its parameters). */
export interface TelegramWebhookReply {
  method: 'sendMessage';
  chat_id: number | string;
  text: string;
  [parameter: string]: unknown;
}

/** The reply to an update, or undefined (answered 200 with an empty body). */
export async function handleTelegramUpdate(
  _deps: BotDeps,
  _update: unknown,
): Promise<TelegramWebhookReply | undefined> {
  return Promise.reject(new Error('not implemented'));
}
