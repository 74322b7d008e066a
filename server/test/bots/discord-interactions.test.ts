// POST /discord/interactions (docs/bots.md, "Discord"): a request without a valid Ed25519
// signature of timestamp + raw body is refused with 401 before anything is parsed or read; PING
// gets PONG; a quick command is answered at once (type 4) with mentions disabled; /ask defers
// (type 5) and its answer is edited into the original message on the Discord double. The key pair
// is a real one (discordKeys); the interaction bodies follow the documented interaction object
// (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object).
import { InteractionResponseType } from 'discord-api-types/v10';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  UNISWAP_PKG,
  discordKeys,
  discordRateLimited,
  interactionBody,
  startDiscordServer,
  type DiscordCall,
  type DiscordDouble,
  type Doubles,
  type UniswapPoolsDouble,
} from '@pkg/shared/testing';
import { createDiscordApi } from '../../src/infra/discord/discord-api.js';
import { botDeps } from '../../src/wing-deps.js';
import { discordCommandDefinitions } from '../../src/services/bots/discord-commands.js';
import {
  ALERTS_ON_TELEGRAM,
  capContent,
  handleInteraction,
} from '../../src/services/bots/discord-interaction.js';
import { aiFakeClock, startAiTestServer, type AiTestServer } from '../helpers/ai-test-server.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

const APP = '1300000000000000001';
const BOT_TOKEN = 'MTMwMDAwMDAwMDAwMDAwMDAwMQ.Gx1234.bot-token-of-the-test-application';
const keys = discordKeys();
const otherKeys = discordKeys();
const fc = aiFakeClock();
const now = () => new Date(fc.now());

let stack: AiTestServer;
let d: Doubles;
let chain: UniswapPoolsDouble;
let server: TestServer;
let dc: DiscordDouble;

beforeAll(async () => {
  dc = await startDiscordServer({ applicationId: APP, botToken: BOT_TOKEN });
  stack = await startAiTestServer(now, {
    DISCORD_PUBLIC_KEY: keys.publicKeyHex,
    DISCORD_APPLICATION_ID: APP,
    DISCORD_BOT_TOKEN: BOT_TOKEN,
    DISCORD_BASE_URL: dc.baseUrl,
  });
  ({ d, chain, server } = stack);
});
beforeEach(() => {
  d.reset();
  dc.reset();
});
afterAll(async () => {
  await stack?.close();
  await dc?.close();
});

const timestamp = () => String(Math.floor(Date.now() / 1000));

function post(body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/discord/interactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/** Posts `body` signed by the application's key, as Discord does. */
function postSigned(body: string) {
  const ts = timestamp();
  return post(body, { 'x-signature-timestamp': ts, 'x-signature-ed25519': keys.sign(ts, body) });
}

/** Requests any data double, the chain double or the Discord double received. */
function upstreamRequests(): number {
  let total = chain.calls.length + dc.requests;
  for (const double of Object.values(d))
    if (typeof double === 'object' && double !== null && 'requests' in double)
      total += Number((double as { requests: unknown }).requests) || 0;
  return total;
}

const command = (name: string, options?: { name: string; value: string }[]) =>
  interactionBody({ type: 2, name, applicationId: APP, ...(options ? { options } : {}) });

const isEditOf = (token: string) => (c: DiscordCall) =>
  c.method === 'PATCH' && c.path === `/api/v10/webhooks/${APP}/${token}/messages/@original`;

describe('refused with nothing done', () => {
  const body = JSON.stringify(command('ca'));
  const notJson = 'type=2&name=ca';
  const refusals: [string, () => { body: string; headers: Record<string, string> }][] = [
    ['no signature headers', () => ({ body, headers: {} })],
    [
      'a signature by another key',
      () => {
        const ts = timestamp();
        return {
          body,
          headers: { 'x-signature-timestamp': ts, 'x-signature-ed25519': otherKeys.sign(ts, body) },
        };
      },
    ],
    [
      'the body changed after signing',
      () => {
        const ts = timestamp();
        const changed = body.replace('"name":"ca"', '"name":"tvl"');
        expect(changed).not.toBe(body);
        return {
          body: changed,
          headers: { 'x-signature-timestamp': ts, 'x-signature-ed25519': keys.sign(ts, body) },
        };
      },
    ],
    [
      'the timestamp changed after signing',
      () => {
        const ts = timestamp();
        return {
          body,
          headers: {
            'x-signature-timestamp': String(Number(ts) + 1),
            'x-signature-ed25519': keys.sign(ts, body),
          },
        };
      },
    ],
    [
      'a non-hex signature',
      () => ({
        body,
        headers: { 'x-signature-timestamp': timestamp(), 'x-signature-ed25519': 'z'.repeat(128) },
      }),
    ],
    [
      'a short signature',
      () => {
        const ts = timestamp();
        return {
          body,
          headers: { 'x-signature-timestamp': ts, 'x-signature-ed25519': keys.sign(ts, body).slice(0, 64) },
        };
      },
    ],
    [
      'a signature without its timestamp',
      () => ({ body, headers: { 'x-signature-ed25519': keys.sign(timestamp(), body) } }),
    ],
    [
      'a non-JSON body signed by another key',
      () => {
        const ts = timestamp();
        return {
          body: notJson,
          headers: { 'x-signature-timestamp': ts, 'x-signature-ed25519': otherKeys.sign(ts, notJson) },
        };
      },
    ],
  ];

  test.each(refusals)('%s → 401', async (_case, make) => {
    const before = upstreamRequests();
    const { body: sent, headers } = make();
    const res = await post(sent, headers);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    expect(dc.calls).toEqual([]);
    expect(d.openrouter.calls).toEqual([]);
    expect(upstreamRequests()).toBe(before);
  });

  test('a valid signature over a non-JSON body is 400 (the same body badly signed was 401)', async () => {
    const res = await postSigned(notJson);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    expect(dc.calls).toEqual([]);
  });
});

test('PING → 200 {"type":1}', async () => {
  const res = await postSigned(JSON.stringify(interactionBody({ type: 1, applicationId: APP })));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ type: 1 });
});

test('without DISCORD_PUBLIC_KEY the endpoint is 503 NOT_CONFIGURED naming it', async () => {
  const bare = await startTestServer();
  try {
    const res = await fetch(`${bare.url}/discord/interactions`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    const error = ((await res.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('NOT_CONFIGURED');
    expect(error.message).toContain('DISCORD_PUBLIC_KEY');
  } finally {
    await bare.close();
  }
});

test('a quick command is answered at once (type 4), mentions disabled', async () => {
  const res = await postSigned(JSON.stringify(command('ca')));
  expect(res.status).toBe(200);
  const reply = (await res.json()) as { type: number; data: { content: string; allowed_mentions: unknown } };
  expect(reply.type).toBe(4);
  expect(reply.data.allowed_mentions).toEqual({ parse: [] });
  expect(reply.data.content.toLowerCase()).toContain(UNISWAP_PKG.toLowerCase());
  expect(dc.calls).toEqual([]);
});

test('an alert command answers that alerts are set in the Telegram bot, nothing stored', async () => {
  const res = await postSigned(JSON.stringify(command('alert', [{ name: 'price', value: 'above 1' }])));
  expect(await res.json()).toEqual({
    type: 4,
    data: { content: ALERTS_ON_TELEGRAM, allowed_mentions: { parse: [] } },
  });
  expect(await server.deps.models.BotAlert.countDocuments({})).toBe(0);
});

test('/ask defers (type 5), then edits the original message with the answer', async () => {
  const answer = 'The PKG pool pairs PKG with ETH.';
  d.openrouter.replies.push({ content: answer });
  const interaction = command('ask', [{ name: 'question', value: 'What is PKG paired with?' }]);
  const token = interaction.token as string;
  const res = await postSigned(JSON.stringify(interaction));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ type: 5 });
  const edit = await dc.waitFor(isEditOf(token));
  const sent = edit.body as { content: string; allowed_mentions: unknown };
  expect(sent.content).toContain(answer);
  expect(sent.content.length).toBeLessThanOrEqual(2000);
  expect(sent.allowed_mentions).toEqual({ parse: [] });
  expect(edit.authorization).toBeUndefined();
});

describe('handleInteraction', () => {
  const signedOff = () => botDeps(server.deps);

  test('with discordReplyBudgetMs 0 a command whose answer is not ready defers', async () => {
    const base = signedOff();
    const deps = botDeps(server.deps, {
      v1: () => new Promise(() => undefined),
      settings: { ...base.settings, discordReplyBudgetMs: 0 },
    });
    const outcome = await handleInteraction(deps, command('ca'));
    expect('defer' in outcome).toBe(true);
  });

  test('the deferred text is the answer once the data arrives', async () => {
    const base = signedOff();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const deps = botDeps(server.deps, {
      v1: (name, params) => gate.then(() => base.v1(name, params)),
      settings: { ...base.settings, discordReplyBudgetMs: 0 },
    });
    const interaction = command('ca');
    const outcome = await handleInteraction(deps, interaction);
    if (!('defer' in outcome)) throw new Error(`expected a deferred outcome, got ${JSON.stringify(outcome)}`);
    expect(outcome.token).toBe(interaction.token);
    expect(outcome.applicationId).toBe(APP);
    release();
    expect((await outcome.defer).toLowerCase()).toContain(UNISWAP_PKG.toLowerCase());
  });

  test("a command's option is its argument text (/stock symbol → AAPL, as Telegram's `/stock AAPL`)", async () => {
    const deps = signedOff();
    const outcome = await handleInteraction(deps, command('stock', [{ name: 'symbol', value: 'AAPL' }]));
    if (!('now' in outcome) || outcome.now.type !== InteractionResponseType.ChannelMessageWithSource)
      throw new Error(`expected type 4, got ${JSON.stringify(outcome)}`);
    const content = outcome.now.data?.content ?? '';
    expect(content).toContain('AAPL');
    expect(content).not.toMatch(/^Usage:/);
    const missing = await handleInteraction(deps, command('stock'));
    if (!('now' in missing) || missing.now.type !== InteractionResponseType.ChannelMessageWithSource)
      throw new Error('expected type 4');
    expect(missing.now.data?.content).toMatch(/^Usage: \/stock <SYMBOL>/);
  });

  test('PING is PONG; other interaction types are refused', async () => {
    const deps = signedOff();
    expect(await handleInteraction(deps, interactionBody({ type: 1 }))).toEqual({ now: { type: 1 } });
    await expect(handleInteraction(deps, { ...interactionBody({ type: 3 }) })).rejects.toThrow(/PING/);
    await expect(handleInteraction(deps, { type: 2 })).rejects.toThrow(/not an interaction/);
  });
});

describe('editing the original message', () => {
  test('a 429 waits retry_after seconds once, then the edit goes through', async () => {
    const waited: number[] = [];
    const api = createDiscordApi({ baseUrl: dc.baseUrl, allowPrivate: true }, (ms) => {
      waited.push(ms);
      return Promise.resolve();
    });
    try {
      const token = interactionBody({ type: 2 }).token as string;
      dc.failNext.push(discordRateLimited(0.5, /@original$/));
      expect(await api.editOriginal(APP, token, 'hello')).toEqual({ status: 'edited' });
      expect(waited).toEqual([500]);
      expect(dc.calls.filter(isEditOf(token))).toHaveLength(2);
    } finally {
      await api.close();
    }
  });

  test('an expired token fails with Unknown Webhook, the token not in the reason', async () => {
    const api = createDiscordApi({ baseUrl: dc.baseUrl, allowPrivate: true }, () => Promise.resolve());
    try {
      const token = interactionBody({ type: 2 }).token as string;
      dc.expiredTokens.add(token);
      const result = await api.editOriginal(APP, token, 'hello');
      expect(result.status).toBe('failed');
      const reason = (result as { reason: string }).reason;
      expect(reason).toContain('Unknown Webhook');
      expect(reason).not.toContain(token);
    } finally {
      await api.close();
    }
  });

  test('content is capped at 2,000 characters', () => {
    const long = Array.from({ length: 100 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const capped = capContent(long);
    expect(capped.length).toBeLessThanOrEqual(2000);
    expect(capped.endsWith('…')).toBe(true);
    expect(capContent('short')).toBe('short');
  });
});

test('the registered commands: no alert commands, the coin command by BOT_COIN_COMMAND, STRING options', () => {
  const defs = discordCommandDefinitions('pkg');
  const names = defs.map((c) => c.name);
  expect(names).toContain('pkg');
  expect(names).not.toContain('coin');
  for (const alert of ['alert', 'whales', 'burns', 'radar', 'alerts', 'alertoff'])
    expect(names).not.toContain(alert);
  expect(defs.find((c) => c.name === 'stock')?.options).toEqual([
    expect.objectContaining({ name: 'symbol', type: 3, required: true }),
  ]);
  expect(defs.find((c) => c.name === 'ask')?.options).toEqual([
    expect.objectContaining({ name: 'question', type: 3, required: true }),
  ]);
  expect(defs.find((c) => c.name === 'tvl')?.options).toBeUndefined();
  for (const def of defs) expect(def.description.length).toBeLessThanOrEqual(100);
});
