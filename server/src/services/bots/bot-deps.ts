// What the bots read (docs/bots.md): the /v1 answers (cached like the website's), the data layer
// for the alert checks, the AI features for /ask, their collections, the clock, the settings of
// BOT_COIN_COMMAND and the schedules, and the messenger that sends alerts. Nothing of HTTP:
// built once by the composition root (create-deps.ts, botDeps); tests build it with their own
// clock and `wait`.
import type { V1Answer, V1Name, V1Params } from '@pkg/shared';
import type { DataClient, ProjectTokenConfig } from '@pkg/shared/data';
import type { Models } from '../../db/models/index.js';
import type { Logger } from '../../logger.js';
import type { Metrics } from '../../metrics/metrics.js';
import type { AiDeps, WebsiteDeps } from '../website/index.js';
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
  /** The website wing, for what the bots read the way the website does (the USD price). */
  website: WebsiteDeps;
  projectToken: ProjectTokenConfig;
  settings: BotSettings;
  /** Sends alerts and slow Telegram answers; undefined without TELEGRAM_BOT_TOKEN. */
  messenger: Messenger | undefined;
  /** Waits (429 retry_after, pacing); tests pass one that advances their own clock. */
  wait: (ms: number) => Promise<void>;
  log: Logger;
  /** The leader gauge and the alert checks' counter (docs/operator.md, "Metrics"). */
  metrics: Metrics;
  /** Telegram answers sent after the webhook was answered, still on their way. */
  pendingReplies: Set<Promise<void>>;
  /** Discord answers deferred and edited in later, still on their way. */
  pendingEdits: Set<Promise<void>>;
}
