// The three wings' deps (docs/architecture.md, "The three wings"), built from the app's deps by
// the composition root: each wing gets what it uses and nothing else, and state that lives as
// long as the server (the package metadata cache, the /v1 answer cache, explanations being
// written, Telegram answers on their way) is a field of the object built here, once per app.
import { setTimeout as delay } from 'node:timers/promises';
import { createMetadataCache } from './cache/metadata-cache.js';
import { createV1AnswerCache } from './cache/v1-answers.js';
import { invalidConfiguration } from './config.js';
import type { BaseDeps } from './deps.js';
import { createOidcFetch } from './infra/oidc/oidc-fetch.js';
import { createTelegramMessenger } from './infra/telegram/bot-api.js';
import type { BotDeps, BotSettings } from './services/bots/bot-deps.js';
import { coinCommandProblem } from './services/bots/commands/command-table.js';
import { createDownloadCounter } from './services/registry/downloads/download-counter.js';
import { createOidcState } from './services/registry/publishing/oidc-keys.js';
import type { RegistryDeps } from './services/registry/registry-deps.js';
import { createSearchIndex } from './services/registry/search/search-index.js';
import { type AiDeps, v1Answer, type WebsiteDeps } from './services/website/index.js';

/** The `aud` ID tokens must carry: PKG_OIDC_AUDIENCE, else PKG_BASE_URL's origin, else http://HOST:PORT. */
export function oidcAudience(config: BaseDeps['config']): string {
  if (config.PKG_OIDC_AUDIENCE) return config.PKG_OIDC_AUDIENCE;
  if (config.PKG_BASE_URL) return new URL(config.PKG_BASE_URL).origin;
  return new URL(`http://${config.HOST}:${config.PORT}`).origin;
}

export function registryDeps(deps: BaseDeps): RegistryDeps {
  const { config, logger, db, models, commands, artifacts, limiter, clock, trust, metrics } = deps;
  const issuers = config.PKG_OIDC_ISSUERS.map((i) => i.issuer);
  return {
    config: {
      PKG_RESERVED_NAMESPACES: config.PKG_RESERVED_NAMESPACES,
      PKG_RATE_LIMIT_PUBLISH: config.PKG_RATE_LIMIT_PUBLISH,
      PKG_SIGNING_KEY: config.PKG_SIGNING_KEY,
      PKG_DATA_DIR: config.PKG_DATA_DIR,
      PKG_LOG_ORIGIN: config.PKG_LOG_ORIGIN,
      PKG_BASE_URL: config.PKG_BASE_URL,
      PKG_OIDC_ISSUERS: config.PKG_OIDC_ISSUERS,
      PKG_OIDC_AUDIENCE: oidcAudience(config),
    },
    logger,
    db,
    models,
    commands,
    artifacts,
    limiter,
    clock,
    metadata: createMetadataCache(models, metrics),
    metrics,
    search: createSearchIndex(),
    trust,
    oidc: createOidcState(createOidcFetch({ issuers, allowPrivate: deps.allowPrivateNetwork })),
    downloads: createDownloadCounter({
      model: models.DownloadCount,
      clock,
      logger,
      flushMs: config.PKG_DOWNLOADS_FLUSH_MS,
      enabled: config.PKG_DOWNLOADS_COUNT === 'on',
    }),
  };
}

export function websiteDeps(deps: BaseDeps): WebsiteDeps {
  return {
    data: deps.data,
    clock: deps.clock,
    projectToken: deps.config.projectToken,
    v1Answers: createV1AnswerCache({
      now: () => deps.clock().getTime(),
      onLookup: (hit) => deps.metrics.cacheLookup('v1_answers', hit),
    }),
  };
}

export function aiDeps(deps: BaseDeps, website: WebsiteDeps): AiDeps {
  return {
    data: deps.data,
    clock: deps.clock,
    models: deps.models,
    passKeys: deps.passKeys,
    projectToken: deps.config.projectToken,
    threshold: deps.config.HOLDER_PASS_THRESHOLD,
    aiDailyLimit: deps.config.PKG_AI_DAILY_LIMIT,
    v1: (name, params) => v1Answer(website, name, params),
    log: deps.logger,
    explaining: new Map(),
  };
}

/**
 * The bots' settings. BOT_COIN_COMMAND is checked here against the bots' command table (it may
 * not name another command): a ConfigError like the rest of the configuration's, which main.ts
 * reads before it opens the store.
 */
export function botSettings(config: BaseDeps['config']): BotSettings {
  const problem = coinCommandProblem(config.BOT_COIN_COMMAND);
  if (problem) throw invalidConfiguration([{ name: 'BOT_COIN_COMMAND', message: problem }], config);
  return {
    coinCommand: config.BOT_COIN_COMMAND,
    alertMs: config.PKG_ALERT_INTERVAL_S * 1000,
    radarMs: config.PKG_RADAR_INTERVAL_S * 1000,
    leaseMs: config.PKG_LEASE_S * 1000,
    telegramReplyBudgetMs: 25_000,
    discordReplyBudgetMs: 2_000,
  };
}

/** The bots' deps; tests pass overrides (their clock, their `wait`). */
export function botDeps(
  deps: BaseDeps & { website: WebsiteDeps; ai: AiDeps },
  overrides: Partial<BotDeps> = {},
): BotDeps {
  const wait = overrides.wait ?? ((ms: number) => delay(ms));
  const token = deps.config.TELEGRAM_BOT_TOKEN;
  return {
    data: deps.data,
    clock: deps.clock,
    models: deps.models,
    v1: (name, params) => v1Answer(deps.website, name, params),
    ai: deps.ai,
    website: deps.website,
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
    metrics: deps.metrics,
    pendingReplies: new Set(),
    pendingEdits: new Set(),
    ...overrides,
  };
}

/** The app's deps with its three wings. */
export function withWings(base: BaseDeps) {
  const website = websiteDeps(base);
  const ai = aiDeps(base, website);
  return { ...base, registry: registryDeps(base), website, ai, bots: botDeps({ ...base, website, ai }) };
}
