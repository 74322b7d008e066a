// The bots' own vocabulary (docs/bots.md): a chat, a user, a reply, and the messenger that
// sends alerts. Platform adapters (rest/telegram-webhook.ts, rest/discord-interactions.ts) turn
// their payloads into these; the services know no HTTP.

import type { SendResult } from '../../infra/telegram/bot-api.js';

export type BotPlatform = 'telegram' | 'discord';

export interface ChatRef {
  platform: BotPlatform;
  /** `<platform>:<chat id>`: the key of the chat's alerts and question counter. */
  chat: string;
  /** The platform's chat (Telegram) or channel (Discord) id, as a string. */
  chatId: string;
  /** A Telegram forum topic. */
  threadId?: number;
  kind: 'private' | 'group';
}

export interface BotUser {
  /** The name the bot greets with (cleaned and capped by the formatter). */
  name: string;
}

/** A command as both platforms give it: its name (without `/` and `@bot`) and its argument text. */
export interface CommandInput {
  name: string;
  args: string;
  chat: ChatRef;
  user: BotUser;
}

/** Plain text; the platform adapter caps it to the platform's length. */
export interface BotReply {
  text: string;
}

/** What became of a message (the Telegram client's outcome): `blocked` and `gone` remove the
 * chat's alerts. */
export type { SendResult };

/** Sends a message to a chat outside a webhook reply (alerts, slow answers). */
export interface Messenger {
  send: (chat: ChatRef, text: string) => Promise<SendResult>;
}
