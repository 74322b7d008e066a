// The server the bot tests run against (docs/bots.md): every vendor double, the chain double
// holding the project token's v4 ETH/PKG pool, the Telegram Bot API double for the test's token,
// the Telegram variables (token, webhook secret, the double's base URL), by default the project
// token configured, optionally the OpenRouter double's model as AI_DEFAULT_MODEL, and the test's
// fake clock. Also the small helpers the bot tests share: a fake clock starting now, posting an
// update to the webhook, counting the doubles' requests and snapshotting the store's collections.
import { expect } from 'vitest';
import {
  OPENROUTER_MODEL,
  UNISWAP_PKG,
  V4_ETH_PKG,
  V4_POOL_MANAGER,
  V4_STATE_VIEW,
  fakeClock,
  startDoubles,
  startTelegramServer,
  startUniswapPoolsDouble,
  withOnlyRpc,
  type Doubles,
  type TelegramDouble,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import { startTestServer, type TestServer } from './start-test-server.js';

/** The project token on the chain double's v4 ETH/PKG pool. */
export const BOT_PROJECT_ENV = {
  PROJECT_TOKEN_ADDRESS: UNISWAP_PKG,
  PROJECT_TOKEN_POOL: V4_ETH_PKG.id,
  UNISWAP_V4_POOL_MANAGER: V4_POOL_MANAGER,
  UNISWAP_V4_STATE_VIEW: V4_STATE_VIEW,
};

/**
 * A fake clock starting now, not in the past (the store's TTL sweep runs on real time), and the
 * clock function the server reads.
 */
export function botFakeClock() {
  const fc = fakeClock(Date.now());
  return { fc, clock: () => new Date(fc.now()) };
}

export interface BotTestServerOptions {
  /** The bot token, shaped like a BotFather token (<bot id>:<secret part>). */
  token: string;
  /** TELEGRAM_WEBHOOK_SECRET. */
  secret: string;
  clock: () => Date;
  /** Configure the project token (BOT_PROJECT_ENV) on the main server; default true. */
  project?: boolean;
  /** The OpenRouter double's model as AI_DEFAULT_MODEL; default false. */
  model?: boolean;
}

export interface BotTestServer {
  d: Doubles;
  chain: UniswapPoolsDouble;
  tg: TelegramDouble;
  server: TestServer;
  /**
   * Another server on the same doubles, clock and Telegram variables, with `env` added (the
   * project token only when `env` has it). The caller closes it.
   */
  startServer: (env?: Record<string, string>) => Promise<TestServer>;
  close: () => Promise<void>;
}

export async function startBotTestServer(options: BotTestServerOptions): Promise<BotTestServer> {
  const [d, chain, tg] = await Promise.all([
    startDoubles(),
    startUniswapPoolsDouble(),
    startTelegramServer(options.token),
  ]);
  const dataEnv = options.model ? { ...d.env, AI_DEFAULT_MODEL: OPENROUTER_MODEL } : d.env;
  const startServer = (env: Record<string, string> = {}) =>
    startTestServer({
      dataEnv: withOnlyRpc(dataEnv, chain.url),
      env: {
        TELEGRAM_BOT_TOKEN: options.token,
        TELEGRAM_WEBHOOK_SECRET: options.secret,
        TELEGRAM_BASE_URL: tg.baseUrl,
        ...env,
      },
      clock: options.clock,
    });
  const server = await startServer(options.project === false ? {} : BOT_PROJECT_ENV);
  return {
    d,
    chain,
    tg,
    server,
    startServer,
    close: async () => {
      await server.close();
      await Promise.all([d.close(), chain.close(), tg.close()]);
    },
  };
}

/** The Bot API's flood-control answer ("ResponseParameters", retry_after in seconds), for failNext. */
export const TELEGRAM_TOO_MANY = {
  status: 429,
  body: {
    ok: false,
    error_code: 429,
    description: 'Too Many Requests: retry after 3',
    parameters: { retry_after: 3 },
  },
};

/** POSTs `body` to the server's Telegram webhook with `headers` (e.g. the secret's). */
export const postToWebhook = (url: string, body: string, headers: Record<string, string>) =>
  fetch(`${url}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

/**
 * Delivers `update` to the webhook with the right secret, as Telegram does; expects 200 and returns
 * the reply in the body (a Bot API method call), or undefined when the body is empty.
 */
export async function sendUpdate(
  url: string,
  secret: string,
  update: unknown,
): Promise<Record<string, unknown> | undefined> {
  const res = await postToWebhook(url, JSON.stringify(update), { 'x-telegram-bot-api-secret-token': secret });
  expect(res.status).toBe(200);
  const text = await res.text();
  return text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
}

/** Requests the data doubles and the chain double received, and the Telegram double's if `tg` given. */
export const upstreamRequests = ({
  d,
  chain,
  tg,
}: {
  d: Doubles;
  chain: UniswapPoolsDouble;
  tg?: TelegramDouble;
}): number =>
  Object.values(d).reduce((sum: number, v: unknown) => {
    const n = (v as { requests?: unknown } | null)?.requests;
    return typeof n === 'number' ? sum + n : sum;
  }, 0) +
  chain.requests +
  (tg ? tg.requests : 0);

/** Every document of each named collection of the server's store, in _id order. */
export async function collectionsSnapshot(
  server: TestServer,
  names: readonly string[],
): Promise<Record<string, unknown[]>> {
  const db = server.deps.models.Counter.db;
  const collections: Record<string, unknown[]> = {};
  for (const name of names) collections[name] = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
  return collections;
}
