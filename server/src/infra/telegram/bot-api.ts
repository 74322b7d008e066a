// STUB (part A replaces it): the Telegram Bot API client (docs/bots.md, "Telegram").
import type { Messenger } from '../../services/bots/types.js';

export interface TelegramSettings {
  token: string;
  baseUrl: string;
  /** PKG_NET_ALLOW_PRIVATE=1: the base URL may be a loopback or private address (tests, proxies). */
  allowPrivate: boolean;
}

/** A messenger sending with `sendMessage` (429 waits `retry_after` through `wait`). */
export function createTelegramMessenger(
  _settings: TelegramSettings,
  _wait: (ms: number) => Promise<void>,
): Messenger {
  return {
    send: () => Promise.resolve({ status: 'failed', reason: 'not implemented' }),
  };
}
