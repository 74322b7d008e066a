// Every non-alert bot command through the Telegram webhook against the data doubles (docs/bots.md,
// "Commands"): the reply is a sendMessage to the chat in plain text, each number followed by its
// source; a section without data says "unavailable — <reason>"; BOT_COIN_COMMAND renames /coin;
// /ask answers later through sendMessage with its sources, 10 questions per chat per day.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  OPENROUTER_BARE_MODEL,
  ROUTER,
  ZERION_WALLET,
  telegramUpdate,
  type Doubles,
  type TelegramDouble,
} from '@pkg/shared/testing';
import { pendingTelegramReplies } from '../../src/rest/telegram-webhook.js';
import {
  BOT_PROJECT_ENV,
  botFakeClock,
  sendUpdate,
  startBotTestServer,
  type BotTestServer,
} from '../helpers/bot-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

// Shaped like a BotFather token: <bot id>:<35 characters>.
const TOKEN = '7000000001:AAHcommandsTestToken_abcdefghijklm';
const SECRET = 'commands-secret';
const { clock } = botFakeClock();

let stack: BotTestServer;
let d: Doubles;
let tg: TelegramDouble;
let server: TestServer;

const start = (env: Record<string, string> = {}) => stack.startServer(env);

const CHAT = { id: 31337, type: 'private' as const };

async function command(
  target: TestServer,
  text: string,
  chat: { id: number; type: 'private' | 'supergroup' } = CHAT,
) {
  const update = telegramUpdate({ chat, from: { id: 7, first_name: 'Ada' }, text });
  return { update, reply: await sendUpdate(target.url, SECRET, update) };
}

/** The reply text with what changes between runs (times of day, double ports) made stable. */
const stable = (text: unknown) =>
  String(text)
    .replace(/\b\d\d:\d\d UTC/g, 'HH:MM UTC')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');

beforeAll(async () => {
  stack = await startBotTestServer({ token: TOKEN, secret: SECRET, clock, model: true });
  ({ d, tg, server } = stack);
});

afterAll(async () => {
  await stack.close();
});

beforeEach(() => tg.reset());

describe('each command against the data doubles', () => {
  const COMMANDS: [string, string][] = [
    [
      '/coin',
      `PKG (0x5555555555555555555555555555555555555555)
Price: 0.01 ETH — Robinhood Chain public RPC, block 79282848
USD: $23.99 — CoinGecko, HH:MM UTC
Market cap: $20,392,350,000 — Robinhood Chain public RPC, block 79282848
Liquidity: unavailable — no provider has data
Volume 24h: unavailable — no provider has data
Holders: 1,234 — Blockscout PRO API, HH:MM UTC
Burned: 150,000,000 PKG (15.00% of supply) — Robinhood Chain public RPC, block 79282848`,
    ],
    [
      '/holders',
      `Top holders — Blockscout PRO API, HH:MM UTC
1. 0x000000000000000000000000000000000000dEaD [burn address]: 150,000,000 (15.00%)
2. 0x1212121212121212121212121212121212121212: 50,000,000 (5.00%)
3. 0x1313131313131313131313131313131313131313: 20,000,000 (2.00%)
4. 0xa2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a20001: 1,000,000 (0.10%)
5. 0xa2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a2a20002: 90,000 (0.01%)
Dev wallets: unavailable — not configured (PROJECT_DEV_WALLETS)`,
    ],
    [
      '/burned',
      `Burned: 150,000,000 PKG (15.00% of supply) — Robinhood Chain public RPC, block 79282848
  0x0000000000000000000000000000000000000000: 0
  0x000000000000000000000000000000000000dEaD: 150,000,000
Supply: 1,000,000,000 PKG — Robinhood Chain public RPC, block 79282848`,
    ],
    [
      '/ca',
      `Contract: 0x5555555555555555555555555555555555555555
Explorer: verified (PackageToken) — Blockscout PRO API, HH:MM UTC`,
    ],
    ['/tvl', 'TVL (robinhood): $903,457,442.1 — DefiLlama, HH:MM UTC'],
    [
      '/perps',
      `Perps by 24h volume — Hyperliquid, HH:MM UTC
BTC: mark 104,211, vol $3,821,055,401.2, 1.20% 24h
ETH: mark 3,980.2, vol $1,250,000,000.5, 2.02% 24h
DOGE: mark 0.16205, vol $88,000,000, -3.60% 24h`,
    ],
    [
      '/stocks',
      `Stock-token premiums — Robinhood stock-token API, HH:MM UTC
SPY (SPDR S&P 500 ETF Trust • Robinhood Token): DEX $0.02975 vs issuer quote $572.6, premium -99.99% — DexScreener
+1 more on the website`,
    ],
    [
      '/stock spy',
      `SPY (SPDR S&P 500 ETF Trust • Robinhood Token): DEX $0.02975 vs issuer quote $572.6, premium -99.99% — DexScreener
Contract: 0x2222222222222222222222222222222222222222
Issuer quote: bid $571.43 / ask $571.8 — Robinhood stock-token API, HH:MM UTC`,
    ],
    ['/stock TSLA', 'No stock token TSLA.'],
    [
      '/filings aapl',
      `Filings of Apple Inc. (CIK 0000320193) — SEC EDGAR, HH:MM UTC
2026-10-30 8-K: http://127.0.0.1:PORT/Archives/edgar/data/320193/000032019326000071/aapl-20261030.htm
2026-10-20 8-K/A: http://127.0.0.1:PORT/Archives/edgar/data/320193/000032019326000068/aapl-20261015.htm
2026-08-01 10-Q: http://127.0.0.1:PORT/Archives/edgar/data/320193/000032019326000064/aapl-20260627.htm`,
    ],
    [
      '/odds',
      `Fed — Polymarket Gamma API, HH:MM UTC
  Fed decision in December?: 25 bps decrease 71%
Inflation — Polymarket Gamma API, HH:MM UTC
  no open events
Stocks — Polymarket Gamma API, HH:MM UTC
  no open events
Market prices, not a forecast.`,
    ],
    [
      '/new',
      `Newest tokens — GeckoTerminal, HH:MM UTC
EXM 0x2222222222222222222222222222222222222222: liquidity $98,873.55; flags: modifiable-tax
EXM 0x2222222222222222222222222222222222222222: liquidity $41,000.2; flags: modifiable-tax`,
    ],
    [
      `/check ${ROUTER}`,
      `Contract ${ROUTER}
Source: verified (UniversalRouter), 1 function — Blockscout PRO API, HH:MM UTC
Security: no flag raised by the automated check (not a guarantee) — GoPlus Security, HH:MM UTC`,
    ],
    [
      `/wallet ${ZERION_WALLET}`,
      `Wallet ${ZERION_WALLET} — Blockscout PRO API, HH:MM UTC
USDG: 1 (no price)
1 holdings without a price source`,
    ],
  ];

  test.each(COMMANDS)('%s', async (text, expected) => {
    const { update, reply } = await command(server, text);
    expect(reply).toEqual({
      method: 'sendMessage',
      chat_id: CHAT.id,
      text: expect.any(String),
      reply_parameters: { message_id: update.message.message_id, allow_sending_without_reply: true },
      link_preview_options: { is_disabled: true },
    });
    expect(stable(reply?.text)).toBe(expected);
    expect(String(reply?.text).length).toBeLessThanOrEqual(4096);
  });
});

test('a section without data says why, never 0 (no project token configured)', async () => {
  const bare = await start();
  try {
    const { reply } = await command(bare, '/coin');
    const text = String(reply?.text);
    expect(text).toContain('Price: unavailable — not configured (PROJECT_TOKEN_ADDRESS, PROJECT_TOKEN_POOL)');
    expect(text).not.toMatch(/: \$?0(\s|$)/m);
  } finally {
    await bare.close();
  }
});

test('BOT_COIN_COMMAND renames /coin', async () => {
  const renamed = await start({ ...BOT_PROJECT_ENV, BOT_COIN_COMMAND: 'pkg' });
  try {
    expect(String((await command(renamed, '/pkg')).reply?.text)).toMatch(/^Price: 0\.01 ETH — /m);
    expect((await command(renamed, '/coin')).reply?.text).toBe(
      'Unknown command. Send /help for the commands.',
    );
    expect(String((await command(renamed, '/help')).reply?.text)).toContain('\n/pkg — project token price');
  } finally {
    await renamed.close();
  }
});

describe('/ask', () => {
  const ASK_CHAT = { id: -100777, type: 'supergroup' as const };

  test('answered later through sendMessage with its sources and the model that answered; the 11th question of the day refused', async () => {
    await server.deps.models.Counter.deleteMany({});
    d.openrouter.replies.push(
      { toolCalls: [{ name: 'odds', arguments: '{}' }] },
      // OpenRouter's `model` names the model that answered: here another than the one asked for.
      { content: 'The Fed odds lean to a 25 bps cut.', model: OPENROUTER_BARE_MODEL },
    );
    const { reply } = await command(server, '/ask What are the Fed odds?', ASK_CHAT);
    expect(reply).toBeUndefined();
    await tg.waitForMessages(1);
    const [sent] = tg.sent;
    expect(sent).toMatchObject({ chat_id: String(ASK_CHAT.id), link_preview_options: { is_disabled: true } });
    expect(sent).not.toHaveProperty('parse_mode');
    expect(stable(sent?.text)).toBe(
      `The Fed odds lean to a 25 bps cut.

Market data is not financial advice.

Sources:
- Polymarket Gamma API (odds), ${stable(`${clock().toISOString().slice(0, 10)} HH:MM UTC`)}
Model: ${OPENROUTER_BARE_MODEL}`,
    );

    for (let i = 2; i <= 10; i++) {
      d.openrouter.replies.push({ content: `Answer ${i}.` });
      await command(server, `/ask question ${i}`, ASK_CHAT);
      await tg.waitForMessages(i);
    }
    const day = clock().toISOString().slice(0, 10);
    const counter = await server.deps.models.Counter.findById(
      `bot-ask:telegram:${ASK_CHAT.id}:${day}`,
    ).lean();
    expect(counter?.count).toBe(10);
    const modelCalls = d.openrouter.calls.length;

    await command(server, '/ask one more?', ASK_CHAT);
    await tg.waitForMessages(11);
    const tomorrow = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(tg.sent[10]?.text).toBe(`10 questions a day in this chat; the next at ${tomorrow} 00:00 UTC.`);
    expect(d.openrouter.calls.length).toBe(modelCalls);
    expect((await server.deps.models.Counter.findById(counter?._id).lean())?.count).toBe(10);
    await pendingTelegramReplies(server.deps);
  });

  test('a failed model call gives the question back', async () => {
    const chat = { id: -100778, type: 'supergroup' as const };
    // OpenRouter's error body (https://openrouter.ai/docs/api-reference/errors-and-debugging), on every try.
    const failure = { status: 502, body: { error: { code: 502, message: 'Provider returned error' } } };
    d.openrouter.failNext.push(failure, failure, failure);
    await command(server, '/ask will this fail?', chat);
    await tg.waitForMessages(1);
    expect(tg.sent[0]?.text).toMatch(/could not be answered now/);
    await pendingTelegramReplies(server.deps);
    const day = clock().toISOString().slice(0, 10);
    expect(
      (await server.deps.models.Counter.findById(`bot-ask:telegram:${chat.id}:${day}`).lean())?.count,
    ).toBe(0);
  });
});
