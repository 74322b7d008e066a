// The price alerts (docs/bots.md, "Alerts") on a fake clock against the chain double (the project
// token's v4 ETH/PKG pool, 0.01 ETH a PKG; ETH at 2,399.10 USD on the CoinGecko double's
// /simple/price, so $23.991 a PKG) and the Telegram Bot API double: a crossing price sends one
// message and removes the alert; the level is in USD by default (the pool price × ETH's USD price,
// both scripted through the doubles) or in the pool's quote token when the unit names it (ETH
// here, WETH on the v3 WETH/PKG pool); an unknown unit sets nothing; an alert stored before units
// fires in the quote token; without a USD price the USD alerts wait, the reason logged, and the
// quote-token ones fire. Messages write prices to about 6 significant digits.
import { describe, expect, test } from 'vitest';
import { CG_ETH_USD, HEAD, V3_WETH_PKG, V4_ETH_PKG } from '@pkg/shared/testing';
import { createScheduler, runCheck } from '../../src/services/bots/schedule/scheduler.js';
import { BOT_PROJECT_ENV } from '../helpers/bot-test-server.js';
import { ADA, BOB, Q96, useAlertHarness } from './alert-harness.js';

const TOKEN = '7000000001:AAE-price_alerts_test_token';
const h = useAlertHarness({ token: TOKEN, secret: 'price-alerts-test-secret' });
const { deps, say, texts, alertsOf } = h;

describe('price alerts', () => {
  test('a crossing price sends one message and removes the alert', async () => {
    expect(await say(ADA, 'alert', 'above 0.02 ETH')).toMatch(/^Alert 1 set: .*0\.02 ETH \(now 0\.01 ETH/);
    const scheduler = createScheduler(deps(), { holder: 'test' });
    expect(await scheduler.tick()).toEqual({ leader: true, ran: ['price', 'whales', 'burns', 'radar'] });
    expect(h.tg.sent).toHaveLength(0);
    expect(await alertsOf(ADA)).toBe(1);

    h.chain.setSqrtPrice(V4_ETH_PKG.id, 5n * Q96); // 25 PKG an ETH: 0.04 ETH a PKG
    h.fc.advance(120_000);
    expect((await scheduler.tick()).ran).toContain('price');
    expect(h.tg.sent).toHaveLength(1);
    expect(h.tg.sent[0]?.chat_id).toEqual(expect.anything());
    expect(String(h.tg.sent[0]?.chat_id)).toBe('1001');
    expect(texts()[0]).toMatch(/0\.04 ETH, above your level 0\.02 ETH/);
    expect(await alertsOf(ADA)).toBe(0);

    for (let i = 0; i < 2; i++) {
      h.fc.advance(120_000);
      await scheduler.tick();
    }
    expect(h.tg.sent).toHaveLength(1);
  });

  test('below: fires once when the price falls to the level', async () => {
    await say(ADA, 'alert', 'below 0.005 ETH');
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(h.tg.sent).toHaveLength(0);
    h.chain.setSqrtPrice(V4_ETH_PKG.id, 20n * Q96); // 400 PKG an ETH: 0.0025 ETH
    await Promise.all([
      runCheck(deps(), 'price', { nextBlock: null }),
      runCheck(deps(), 'price', { nextBlock: null }),
    ]);
    expect(texts()).toEqual([expect.stringMatching(/0\.0025 ETH, below your level 0\.005 ETH/)]);
    expect(await alertsOf(ADA)).toBe(0);
  });

  test('a level already reached is refused and nothing is stored', async () => {
    expect(await say(ADA, 'alert', 'above 0.005')).toBe(
      'The price is already $23.991, above $0.005: no alert set.',
    );
    expect(await say(ADA, 'alert', 'below 0.01 eth')).toBe(
      'The price is already 0.01 ETH, below 0.01 ETH: no alert set.',
    );
    expect(await alertsOf(ADA)).toBe(0);
  });
});

// The scripted payloads: the pool price is the v4 StateView's getSlot0 (v3: the pool's slot0)
// answered by the chain double from `setSqrtPrice`, as the Uniswap contracts return it; ETH's USD
// price is CoinGecko's GET /simple/price answer ("Response" of
// https://docs.coingecko.com/v3.0.1/reference/simple-price: keyed by coin id, `usd` among the
// members), given by the CoinGecko double with `ethUsd` as `ethereum.usd`, or without `ethereum`.
describe('price alerts in USD and in the quote token', () => {
  /** A run of digits as long as the exact readings (18 significant digits), never written out. */
  const LONG_DIGITS = /\d{12,}/;

  test('/alert above <usd> fires when the pool price × the quote token USD price crosses the level', async () => {
    // The level as typed, 50.000000, is stored and shown as $50; now: 0.01 ETH × $2,399.1.
    expect(await say(ADA, 'alert', 'above 50.000000')).toBe(
      `Alert 1 set: when the price is at or above $50 (now $23.991, 0.01 ETH on the chain pool at block ${HEAD} × ETH at $2,399.1 from CoinGecko). Sent once, then removed.`,
    );
    const stored = await h.server.deps.models.BotAlert.findOne({ chat: ADA.chat }).lean();
    expect(stored?.params).toMatchObject({ level: '50', unit: 'usd' });

    // The pool price doubles (49 PKG an ETH: 0.020408163265306122 ETH): $48.9612, still under $50.
    h.chain.setSqrtPrice(V4_ETH_PKG.id, 7n * Q96);
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(h.tg.sent).toHaveLength(0);

    // ETH at $2,500 on the CoinGecko double's /simple/price: $51.0204 a PKG.
    h.d.coingecko.ethUsd = 2500;
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(texts()).toEqual([
      `Price alert: PKG is at $51.0204, above your level $50 (0.0204082 ETH on the chain pool at block ${HEAD} × ETH at $2,500 from CoinGecko). This alert is now removed.`,
    ]);
    expect(texts()[0]).not.toMatch(LONG_DIGITS);
    expect(await alertsOf(ADA)).toBe(0);
  });

  test('/alert below <usd> fires when the quote token USD price falls', async () => {
    expect(await say(ADA, 'alert', 'below $20')).toMatch(
      /^Alert 1 set: when the price is at or below \$20 \(now \$23\.991, /,
    );
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(h.tg.sent).toHaveLength(0);
    h.d.coingecko.ethUsd = 1234.5678; // 0.01 ETH: $12.345678
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(texts()).toEqual([
      expect.stringMatching(/^Price alert: PKG is at \$12\.3457, below your level \$20 \(/),
    ]);
  });

  test('/alert above <x> ETH (the pool quote symbol) fires on the pool price, whatever ETH is worth', async () => {
    expect(await say(ADA, 'alert', 'above 0.0200000 ETH')).toBe(
      `Alert 1 set: when the price is at or above 0.02 ETH (now 0.01 ETH, chain pool, block ${HEAD}). Sent once, then removed.`,
    );
    expect((await h.server.deps.models.BotAlert.findOne({ chat: ADA.chat }).lean())?.params).toMatchObject({
      level: '0.02',
      unit: 'quote',
    });
    // ETH's USD price rising does not move a level in ETH.
    h.d.coingecko.ethUsd = 100_000;
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(h.tg.sent).toHaveLength(0);
    h.chain.setSqrtPrice(V4_ETH_PKG.id, 7n * Q96); // 0.020408163265306122 ETH
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(texts()).toEqual([
      `Price alert: PKG is at 0.0204082 ETH, above your level 0.02 ETH (chain pool, block ${HEAD}). This alert is now removed.`,
    ]);
  });

  test('on a WETH pool: /alert above <x> WETH fires on the pool price in WETH; ETH is not its unit', async () => {
    // The chain double's v3 WETH/PKG pool (0.25 WETH a PKG); no double prices WETH in USD.
    const weth = await h.stack.startServer({ ...BOT_PROJECT_ENV, PROJECT_TOKEN_POOL: V3_WETH_PKG.address });
    try {
      expect(await say(ADA, 'alert', 'above 0.4 WETH', weth)).toBe(
        `Alert 1 set: when the price is at or above 0.4 WETH (now 0.25 WETH, chain pool, block ${HEAD}). Sent once, then removed.`,
      );
      expect(await say(ADA, 'alert', 'above 0.4 ETH', weth)).toBe(
        'Usage: /alert above|below <price> [USD|<quote symbol>]',
      );
      expect(await say(ADA, 'alert', 'above 1', weth)).toMatch(
        /^A USD alert cannot be set now: WETH has no USD price \(.+\)\. A level in WETH can: \/alert above <price> WETH$/,
      );
      expect(await weth.deps.models.BotAlert.countDocuments({ chat: ADA.chat })).toBe(1);

      // 2.25 PKG a WETH: 0.444444444444444444 WETH a PKG.
      h.chain.setSqrtPrice(V3_WETH_PKG.address, 3n << 95n);
      await runCheck(deps(weth), 'price', { nextBlock: null });
      expect(texts()).toEqual([
        `Price alert: PKG is at 0.444444 WETH, above your level 0.4 WETH (chain pool, block ${HEAD}). This alert is now removed.`,
      ]);
      expect(await weth.deps.models.BotAlert.countDocuments({})).toBe(0);
    } finally {
      await weth.close();
    }
  });

  test.each(['above 0.02 WETH', 'above 0.02 EUR', 'below 30 usdc', 'above 0.02 eth.e'])(
    '/alert %s: a unit the pool does not have gets the usage line and sets nothing',
    async (args) => {
      expect(await say(ADA, 'alert', args)).toBe('Usage: /alert above|below <price> [USD|<quote symbol>]');
      expect(await alertsOf(ADA)).toBe(0);
      h.chain.setSqrtPrice(V4_ETH_PKG.id, 5n * Q96);
      await runCheck(deps(), 'price', { nextBlock: null });
      expect(h.tg.sent).toHaveLength(0);
    },
  );

  test('USD, usd and $ name US dollars, after the number or before it', async () => {
    for (const [n, args] of ['above 100 USD', 'above 200 usd', 'above 300 $', 'above $400'].entries())
      expect(await say(ADA, 'alert', args)).toMatch(
        new RegExp(
          `^Alert ${n + 1} set: when the price is at or above \\$${(n + 1) * 100} \\(now \\$23\\.991, `,
        ),
      );
    const units = (await h.server.deps.models.BotAlert.find({ chat: ADA.chat }).lean()).map(
      (a) => a.params?.unit,
    );
    expect(units).toEqual(['usd', 'usd', 'usd', 'usd']);
  });

  test('an alert stored before units (no unit field) keeps its level in the quote token', async () => {
    // A document as /alert wrote it before this field existed.
    await h.server.deps.models.BotAlert.collection.insertOne({
      chat: ADA.chat,
      chatId: ADA.chatId,
      threadId: null,
      slot: 0,
      kind: 'price_above',
      params: { level: '0.02', usdMin: null, liquidityMin: null },
      sinceBlock: null,
      createdAt: new Date(h.fc.now()),
      firedAt: null,
    });
    expect(await say(ADA, 'alerts')).toBe('1. price at or above 0.02 (pool quote token)');
    // In USD the price ($23.991) is far above 0.02; in ETH (0.01) it is not: nothing is sent.
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(h.tg.sent).toHaveLength(0);
    h.chain.setSqrtPrice(V4_ETH_PKG.id, 5n * Q96); // 0.04 ETH
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(texts()).toEqual([
      `Price alert: PKG is at 0.04 ETH, above your level 0.02 ETH (chain pool, block ${HEAD}). This alert is now removed.`,
    ]);
    expect(await alertsOf(ADA)).toBe(0);
  });

  test('without a USD price: USD alerts are not checked (the reason logged), quote-token alerts fire', async () => {
    await say(ADA, 'alert', 'above 0.02 ETH');
    await say(BOB, 'alert', 'above 30');
    // The CoinGecko double leaves ETH out of /simple/price: the quote token has no USD price.
    h.d.coingecko.ethUsd = undefined;
    expect(await say(BOB, 'alert', 'above 200')).toMatch(
      /^A USD alert cannot be set now: ETH has no USD price \(.*CoinGecko returned no USD price for ethereum.*\)\. A level in ETH can: \/alert above <price> ETH$/,
    );
    expect(await alertsOf(BOB)).toBe(1);

    h.chain.setSqrtPrice(V4_ETH_PKG.id, 5n * Q96); // 0.04 ETH; at $2,399.1 that is $95.964
    const logged = h.server.logs.length;
    expect(await runCheck(deps(), 'price', { nextBlock: null })).toMatchObject({ sent: 1, skipped: 1 });
    expect(texts()).toEqual([
      expect.stringMatching(/^Price alert: PKG is at 0\.04 ETH, above your level 0\.02 ETH/),
    ]);
    expect(await alertsOf(BOB)).toBe(1);
    const warned = h.server.logs
      .slice(logged)
      .filter((l) => l.msg === 'bot price: USD alerts not checked, the quote token has no USD price');
    expect(warned).toEqual([
      expect.objectContaining({
        level: 40,
        check: 'price',
        alerts: 1,
        quote: 'ETH',
        reason: expect.stringContaining('CoinGecko returned no USD price for ethereum'),
      }),
    ]);

    // The USD price back: BOB's alert is checked, and fires.
    h.d.coingecko.ethUsd = CG_ETH_USD;
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(texts()[1]).toBe(
      `Price alert: PKG is at $95.964, above your level $30 (0.04 ETH on the chain pool at block ${HEAD} × ETH at $2,399.1 from CoinGecko). This alert is now removed.`,
    );
    expect(await alertsOf(BOB)).toBe(0);
  });
});
