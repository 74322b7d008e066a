// What the bots read (docs/bots.md): the /v1 answers (cached like the website's), the data layer
// for the alert checks, the AI features for /ask, their collections, the clock, the settings of
// BOT_COIN_COMMAND and the schedules, and the messenger that sends alerts. Nothing of HTTP:
// AppDeps provides it (botDeps), and tests build it with their own clock and `wait`.
import { setTimeout as delay } from 'node:timers/promises';
import type { V1Answer, V1Name, V1Params } from '@pkg/shared';
import type { DataClient, ProjectTokenConfig } from '@pkg/shared/data';
import type { AppDeps } from '../../deps.js';
import type { Models } from '../../db/models/index.js';
import { createTelegramMessenger } from '../../infra/telegram/bot-api.js';
import type { Logger } from '../../logger.js';
import { aiDeps, type AiDeps } from '../website/ai/ai-deps.js';
import { v1Answer } from '../website/v1-answer.js';
import type { Messenger } from './types.js';

export interface BotSettings {
  /** BOT_COIN_COMMAND. */
  coinCommand: string;
  /** PKG_ALERT_INTERVAL_S, PKG_RADAR_INTERVAL_S and PKG_LEASE_S in milliseconds. */
  alertMs: number;
  radarMs: number;
  leaseMs: number;
  /** How long a webhook or interaction waits for an answer before deferring it. */
  telegramReplyBudgetMs: number;
  discordReplyBudgetMs: number;
}

export interface BotDeps {
  data: DataClient;
  clock: () => Date;
  models: Pick<Models, 'BotAlert' | 'BotCursor' | 'BotAnnouncement' | 'BotLease' | 'BotUpdate' | 'Counter'>;
  v1: <K extends V1Name>(name: K, params: V1Params<K>) => Promise<V1Answer<K>>;
  ai: AiDeps;
  projectToken: ProjectTokenConfig;
  settings: BotSettings;
  /** Sends alerts and slow Telegram answers; undefined without TELEGRAM_BOT_TOKEN. */
  messenger: Messenger | undefined;
  /** Waits (429 retry_after, pacing); tests pass one that advances their fake clock. */
  wait: (ms: number) => Promise<void>;
  log: Logger;
}

export function botSettings(config: AppDeps['config']): BotSettings {
  return {
    coinCommand: config.BOT_COIN_COMMAND,
    alertMs: config.PKG_ALERT_INTERVAL_S * 1000,
    radarMs: config.PKG_RADAR_INTERVAL_S * 1000,
    leaseMs: config.PKG_LEASE_S * 1000,
    telegramReplyBudgetMs: 25_000,
    discordReplyBudgetMs: 2_000,
  };
}

export function botDeps(deps: AppDeps, overrides: Partial<BotDeps> = {}): BotDeps {
  const wait = overrides.wait ?? ((ms: number) => delay(ms));
  const token = deps.config.TELEGRAM_BOT_TOKEN;
  return {
    data: deps.data,
    clock: deps.clock,
    models: deps.models,
    v1: (name, params) => v1Answer(deps, name, params),
    ai: aiDeps(deps),
    projectToken: deps.config.projectToken,
    settings: botSettings(deps.config),
    messenger: token
      ? createTelegramMessenger(
          { token, baseUrl: deps.config.TELEGRAM_BASE_URL, allowPrivate: deps.allowPrivateNetwork },
          wait,
        )
      : undefined,
    wait,
    log: deps.logger,
    ...overrides,
  };
}
