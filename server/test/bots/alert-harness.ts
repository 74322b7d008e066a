// What the alert tests share (alerts.test.ts, price-alerts.test.ts): the bot test server on a fake
// clock, started once for the file; before each test the clock starts now (the store's TTL sweep
// runs on real time), the doubles are reset and the bots' collections emptied. The bots' deps take
// a `wait` that advances the fake clock and records how long it waited; `say` runs an alert
// command as a chat types it; `texts` are the messages the Telegram double was sent.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeClock, type Doubles, type TelegramDouble, type UniswapPoolsDouble } from '@pkg/shared/testing';
import type { BotDeps } from '../../src/services/bots/bot-deps.js';
import { runAlertCommand } from '../../src/services/bots/commands/alert-commands.js';
import type { ChatRef } from '../../src/services/bots/types.js';
import { botDeps } from '../../src/wing-deps.js';
import { startBotTestServer, type BotTestServer } from '../helpers/bot-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

/** 2^96: a pool's sqrtPriceX96 for a price of 1. */
export const Q96 = 1n << 96n;

/** A private Telegram chat. */
export const chatRef = (id: string): ChatRef => ({
  platform: 'telegram',
  chat: `telegram:${id}`,
  chatId: id,
  kind: 'private',
});
export const ADA = chatRef('1001');
export const BOB = chatRef('1002');

export interface AlertHarness {
  /** The bot test server and its doubles (read them in tests and hooks, once it has started). */
  readonly stack: BotTestServer;
  readonly d: Doubles;
  readonly chain: UniswapPoolsDouble;
  readonly tg: TelegramDouble;
  readonly server: TestServer;
  /** The fake clock, starting now at each test. */
  readonly fc: ReturnType<typeof fakeClock>;
  /** What the bots' `wait` was asked to wait in this test, in ms. */
  readonly waits: readonly number[];
  clock: () => Date;
  /** The bots' deps of `on` (default: the harness's server) on the fake clock. */
  deps: (on?: TestServer) => BotDeps;
  /** The answer to an alert command typed in `chat`. */
  say: (chat: ChatRef, name: string, args?: string, on?: TestServer) => Promise<string>;
  /** The texts of the messages the Telegram double was sent. */
  texts: () => string[];
  /** How many alerts `chat` has. */
  alertsOf: (chat: ChatRef) => Promise<number>;
}

/** Starts the harness's server in beforeAll (closed in afterAll) and resets it before each test. */
export function useAlertHarness(options: { token: string; secret: string }): AlertHarness {
  let stack: BotTestServer | undefined;
  let fc = fakeClock(Date.now());
  let waits: number[] = [];
  const clock = () => new Date(fc.now());
  const started = (): BotTestServer => {
    if (!stack) throw new Error('the alert harness starts in beforeAll');
    return stack;
  };

  beforeAll(async () => {
    stack = await startBotTestServer({ ...options, clock });
  });
  afterAll(async () => {
    await stack?.close();
  });
  beforeEach(async () => {
    fc = fakeClock(Date.now());
    waits = [];
    const { d, chain, tg, server } = started();
    d.reset();
    chain.reset();
    tg.reset();
    const m = server.deps.models;
    await Promise.all([
      m.BotAlert.deleteMany({}),
      m.BotCursor.deleteMany({}),
      m.BotAnnouncement.deleteMany({}),
      m.BotLease.deleteMany({}),
    ]);
  });

  const deps = (on: TestServer = started().server): BotDeps =>
    botDeps(on.deps, {
      clock,
      wait: (ms) => {
        waits.push(ms);
        fc.advance(ms);
        return Promise.resolve();
      },
    });
  return {
    get stack() {
      return started();
    },
    get d() {
      return started().d;
    },
    get chain() {
      return started().chain;
    },
    get tg() {
      return started().tg;
    },
    get server() {
      return started().server;
    },
    get fc() {
      return fc;
    },
    get waits() {
      return waits;
    },
    clock,
    deps,
    say: async (chat, name, args = '', on) =>
      (await runAlertCommand(deps(on), { name, args, chat, user: { name: 'Ada' } })).text,
    texts: () => started().tg.sent.map((m) => String(m.text)),
    alertsOf: (chat) => started().server.deps.models.BotAlert.countDocuments({ chat: chat.chat }),
  };
}
