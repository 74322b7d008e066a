// The Telegram webhook (docs/bots.md, "Telegram"): a wrong or missing secret is refused before
// the body is read, with nothing done; in groups only commands unaddressed or addressed to this
// bot are answered; a private non-command gets the hint; /start greets by a cleaned first name; a
// second delivery of an update is answered with nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  TELEGRAM_BOT_USERNAME,
  telegramUpdate,
  type Doubles,
  type TelegramDouble,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import { createTelegramMessenger } from '../../src/infra/telegram/bot-api.js';
import { botDeps } from '../../src/wing-deps.js';
import { handleTelegramUpdate, telegramRepliesSettled } from '../../src/services/bots/telegram-update.js';
import type { ChatRef } from '../../src/services/bots/types.js';
import {
  botFakeClock,
  postToWebhook,
  TELEGRAM_TOO_MANY,
  sendUpdate,
  startBotTestServer,
  upstreamRequests,
  type BotTestServer,
} from '../helpers/bot-test-server.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// Shaped like a BotFather token: <bot id>:<35 characters>.
const TOKEN = '7000000001:AAHwebhookTestToken_abcdefghijklmn';
const SECRET = 'webhook-secret_0123456789';
const { clock } = botFakeClock();

let stack: BotTestServer;
let d: Doubles;
let chain: UniswapPoolsDouble;
let tg: TelegramDouble;
let server: TestServer;

const requests = () => upstreamRequests({ d, chain });

const post = (
  body: string,
  headers: Record<string, string> = { 'x-telegram-bot-api-secret-token': SECRET },
) => postToWebhook(server.url, body, headers);

const send = (update: unknown) => sendUpdate(server.url, SECRET, update);

const GROUP = { id: -1001234567890, type: 'supergroup' as const };
const PRIVATE = { id: 424242, type: 'private' as const };
const ADA = { id: 424242, first_name: 'Ada' };

beforeAll(async () => {
  stack = await startBotTestServer({ token: TOKEN, secret: SECRET, clock });
  ({ d, chain, tg, server } = stack);
});

afterAll(async () => {
  await stack.close();
});

beforeEach(() => tg.reset());

describe('the webhook secret', () => {
  const valid = JSON.stringify(telegramUpdate({ chat: PRIVATE, from: ADA, text: '/coin' }));
  const cases: [string, Record<string, string>][] = [
    ['no header', {}],
    ['a wrong secret', { 'x-telegram-bot-api-secret-token': 'wrong-secret_0123456789' }],
    ['a prefix of the secret', { 'x-telegram-bot-api-secret-token': SECRET.slice(0, -1) }],
    ['a longer secret', { 'x-telegram-bot-api-secret-token': `${SECRET}x` }],
    ['an empty secret', { 'x-telegram-bot-api-secret-token': '' }],
    ['the secret in another case', { 'x-telegram-bot-api-secret-token': SECRET.toUpperCase() }],
  ];
  test.each(cases)('%s → 401, nothing read or written', async (_label, headers) => {
    const before = requests();
    for (const body of [valid, 'not json {']) {
      const res = await post(body, headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
    expect(tg.calls).toEqual([]);
    expect(await server.deps.models.BotUpdate.countDocuments({})).toBe(0);
    expect(requests()).toBe(before);
  });

  test('an unconfigured webhook is 503 naming the variables', async () => {
    const bare = await startTestServer({ env: {}, clock });
    try {
      const res = await fetch(`${bare.url}/telegram/webhook`, { method: 'POST', body: valid });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('NOT_CONFIGURED');
      expect(body.error.message).toContain('TELEGRAM_BOT_TOKEN');
      expect(body.error.message).toContain('TELEGRAM_WEBHOOK_SECRET');
    } finally {
      await bare.close();
    }
  });
});

describe('which messages are answered', () => {
  test('in a supergroup: /coin and /coin@ours answered, others not', async () => {
    const from = { id: 77, first_name: 'Grace' };
    for (const text of [
      '/coin',
      `/coin@${TELEGRAM_BOT_USERNAME}`,
      `/coin@${TELEGRAM_BOT_USERNAME.toLowerCase()}`,
    ]) {
      const reply = await send(telegramUpdate({ chat: GROUP, from, text, threadId: 5 }));
      expect(reply).toMatchObject({
        method: 'sendMessage',
        chat_id: GROUP.id,
        message_thread_id: 5,
        link_preview_options: { is_disabled: true },
        reply_parameters: { allow_sending_without_reply: true },
      });
      expect(reply).not.toHaveProperty('parse_mode');
      expect(String(reply?.text)).toMatch(/^Price: .+ — /m);
    }
    // getMe was read once and kept.
    expect(tg.calls.filter((c) => c.method === 'getMe')).toHaveLength(1);
    for (const text of ['/coin@OtherBot', 'gm everyone', '/unknowncmd', 'hello /coin'])
      expect(await send(telegramUpdate({ chat: GROUP, from, text }))).toBeUndefined();
    expect(tg.sent).toEqual([]);
  });

  test('in a private chat a non-command gets the hint', async () => {
    const reply = await send(telegramUpdate({ chat: PRIVATE, from: ADA, text: 'what is the price?' }));
    expect(reply?.text).toBe('Send /help for the commands.');
    expect(reply?.chat_id).toBe(PRIVATE.id);
  });

  test('/start and /help greet by the first name', async () => {
    for (const text of ['/start', '/help', '/start deep-link-payload']) {
      const reply = await send(telegramUpdate({ chat: PRIVATE, from: ADA, text }));
      expect(String(reply?.text).split('\n')[0]).toBe('Hi Ada! The commands:');
      expect(reply?.text).toContain('/coin — ');
      expect(reply?.text).toContain('/stock <SYMBOL> — ');
    }
  });

  test('a hostile first name is cleaned and capped', async () => {
    const name = `@everyone\u202e\u0007 ${'x'.repeat(300)}`;
    const reply = await send(
      telegramUpdate({ chat: PRIVATE, from: { id: 9, first_name: name }, text: '/start' }),
    );
    const greeting = String(reply?.text).split('\n')[0] ?? '';
    expect(greeting).not.toContain('\u202e');
    expect(greeting).not.toContain('\u0007');
    const shown = /^Hi (.*)! The commands:$/.exec(greeting)?.[1] ?? '';
    expect(Array.from(shown)).toHaveLength(64);
    expect(shown.startsWith('@everyone x')).toBe(true);
  });

  test('a second delivery of an update is answered with nothing', async () => {
    const update = telegramUpdate({ chat: PRIVATE, from: ADA, text: '/help' });
    expect((await send(update))?.text).toMatch(/^Hi Ada!/);
    expect(await send(update)).toBeUndefined();
    expect(await server.deps.models.BotUpdate.countDocuments({ _id: `telegram:${update.update_id}` })).toBe(
      1,
    );
  });

  test('an update that is not a valid Update is answered 200 empty', async () => {
    expect(await send({ update_id: 'x', message: { text: '/coin' } })).toBeUndefined();
    expect(await send({ update_id: 5, edited_message: {} })).toBeUndefined();
  });
});

describe('answers that go out later', () => {
  test('an answer slower than the reply budget is answered empty, then sent with sendMessage', async () => {
    const base = botDeps(server.deps, { clock });
    // The data arrives only when the test opens the gate, after the (zero) budget has passed.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const deps: typeof base = {
      ...base,
      v1: (name, params) => gate.then(() => base.v1(name, params)),
      settings: { ...base.settings, telegramReplyBudgetMs: 0 },
    };
    const update = telegramUpdate({ chat: PRIVATE, from: ADA, text: '/burned' });
    expect(await handleTelegramUpdate(deps, update)).toBeUndefined();
    expect(tg.sent).toEqual([]);
    open();
    await telegramRepliesSettled(deps);
    expect(tg.sent).toHaveLength(1);
    expect(tg.sent[0]).toMatchObject({
      chat_id: String(PRIVATE.id),
      link_preview_options: { is_disabled: true },
    });
    expect(String(tg.sent[0]?.text)).toMatch(/^Burned: 150,000,000 PKG \(15\.00% of supply\) — /);
  });
});

describe('the messenger (sendMessage)', () => {
  const chat = (id: number): ChatRef => ({
    platform: 'telegram',
    chat: `telegram:${id}`,
    chatId: String(id),
    kind: 'private',
  });
  const waits: number[] = [];
  const messenger = () => {
    waits.length = 0;
    return createTelegramMessenger({ token: TOKEN, baseUrl: tg.baseUrl, allowPrivate: true }, (ms) => {
      waits.push(ms);
      return Promise.resolve();
    });
  };
  const tooMany = TELEGRAM_TOO_MANY;

  test('429 waits retry_after seconds, then the message is sent once', async () => {
    tg.failNext.push(tooMany);
    expect(await messenger().send(chat(11), 'hello')).toEqual({ status: 'sent' });
    expect(waits).toEqual([3000]);
    expect(tg.sent.map((m) => m.text)).toEqual(['hello']);
    expect(tg.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(2);
  });

  test('429 more than 3 times is a failure', async () => {
    tg.failNext.push(tooMany, tooMany, tooMany, tooMany);
    const result = await messenger().send(chat(11), 'hello');
    expect(result.status).toBe('failed');
    expect(waits).toEqual([3000, 3000, 3000]);
    expect(tg.sent).toEqual([]);
  });

  test('403 is blocked, 400 "chat not found" is gone; the token is in no reason', async () => {
    tg.blocked.add('12');
    tg.missing.add('13');
    const m = messenger();
    expect(await m.send(chat(12), 'x')).toEqual({
      status: 'blocked',
      reason: 'Forbidden: bot was blocked by the user',
    });
    expect(await m.send(chat(13), 'x')).toEqual({ status: 'gone', reason: 'Bad Request: chat not found' });
    const down = createTelegramMessenger(
      { token: TOKEN, baseUrl: 'http://127.0.0.1:9', allowPrivate: true },
      () => Promise.resolve(),
    );
    const failed = await down.send(chat(14), 'x');
    expect(failed.status).toBe('failed');
    expect(JSON.stringify(failed)).not.toContain(TOKEN.split(':')[1]);
  });

  test('the token is in no log line', () => {
    expect(JSON.stringify(server.logs)).not.toContain(TOKEN.split(':')[1]);
  });
});
