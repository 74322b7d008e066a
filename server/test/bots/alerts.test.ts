// The alert lifecycle (docs/bots.md, "Alerts") on a fake clock against the chain double (the
// project token's v4 ETH/PKG pool, 0.01 ETH a PKG; ETH at 2,399.10 USD on the CoinGecko double),
// the GeckoTerminal double's new pools and the Telegram Bot API double (the price alerts
// themselves, in USD and in the quote token, are in price-alerts.test.ts): a whale trade and a
// burn are announced once even when two checks read their block; radar tells at most 3 tokens a
// check; the 11th alert is refused; /alertoff by number and all, /alerts naming each level's unit;
// a 429 waits retry_after; a 403 removes that chat's alerts only.
import { describe, expect, test } from 'vitest';
import { HEAD, UNISWAP_DEAD, UNISWAP_PKG, UNISWAP_WHALE, V4_ETH_PKG } from '@pkg/shared/testing';
import { createScheduler, runCheck } from '../../src/services/bots/schedule/scheduler.js';
import { TELEGRAM_TOO_MANY } from '../helpers/bot-test-server.js';
import { ADA, BOB, Q96, useAlertHarness } from './alert-harness.js';

const TOKEN = '7000000001:AAE-alerts_test_token';
const e18 = 10n ** 18n;
const h = useAlertHarness({ token: TOKEN, secret: 'alerts-test-secret' });
const { deps, say, texts, alertsOf } = h;

describe('whale alerts', () => {
  test('a whale trade is announced once even when two checks cover its block', async () => {
    expect(await say(ADA, 'whales', 'on 2000')).toMatch(/^Alert 1 set: .*at least \$2,000\.00 from block /);
    // Before the alert's block: never announced.
    h.chain.addSwap(V4_ETH_PKG, { block: HEAD, amount0: -2n * e18, amount1: 200n * e18 });
    h.chain.addSwap(V4_ETH_PKG, { block: HEAD + 1n, amount0: -e18, amount1: 100n * e18 }); // $2,399.10
    h.chain.addSwap(V4_ETH_PKG, { block: HEAD + 2n, amount0: -e18 / 2n, amount1: 50n * e18 }); // $1,199.55
    h.chain.setHead(HEAD + 5n);
    const cursor = { nextBlock: null };
    await Promise.all([runCheck(deps(), 'whales', cursor), runCheck(deps(), 'whales', cursor)]);
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toContain('bought 100 PKG for 1 ETH ($2,399.10)');
    expect(texts()[0]).toContain(`block ${HEAD + 1n}`);
    expect(texts()[0]).not.toContain('1,199.55');
    expect(texts()[0]?.split('\n')).toHaveLength(2);

    // The cursor forgotten: the next check reads the same blocks again.
    await h.server.deps.models.BotCursor.deleteMany({});
    const scheduler = createScheduler(deps(), { holder: 'test' });
    expect((await scheduler.tick()).ran).toContain('whales');
    expect(h.tg.sent).toHaveLength(1);
    expect(await h.server.deps.models.BotAnnouncement.countDocuments({ state: 'sent' })).toBe(1);
  });

  test('the cursor moves on: a later trade is announced in a new message', async () => {
    await say(ADA, 'whales', 'on 100');
    const scheduler = createScheduler(deps(), { holder: 'test' });
    h.chain.addSwap(V4_ETH_PKG, { block: HEAD + 1n, amount0: -e18, amount1: 100n * e18 });
    h.chain.setHead(HEAD + 1n);
    await scheduler.tick();
    expect(h.tg.sent).toHaveLength(1);
    const cursor = await h.server.deps.models.BotCursor.findById('whales').lean();
    expect(cursor?.nextBlock).toBe((HEAD + 2n).toString());
    h.chain.addSwap(V4_ETH_PKG, { block: HEAD + 3n, amount0: e18 / 10n, amount1: -10n * e18 }); // sell, $239.91
    h.chain.setHead(HEAD + 3n);
    h.fc.advance(120_000);
    await scheduler.tick();
    expect(texts()).toHaveLength(2);
    expect(texts()[1]).toContain('sold 10 PKG for 0.1 ETH ($239.91)');
  });
});

describe('burn alerts', () => {
  test('a burn is announced once', async () => {
    expect(await say(ADA, 'burns', 'on')).toMatch(/^Alert 1 set: every new project-token burn from block /);
    h.chain.addTransfer({
      token: UNISWAP_PKG,
      from: UNISWAP_WHALE,
      to: UNISWAP_DEAD,
      value: 1_000n * e18,
      block: HEAD + 2n,
    });
    // Not a burn: to another holder.
    h.chain.addTransfer({
      token: UNISWAP_PKG,
      from: UNISWAP_WHALE,
      to: UNISWAP_PKG,
      value: 5n * e18,
      block: HEAD + 2n,
    });
    h.chain.setHead(HEAD + 3n);
    await Promise.all([
      runCheck(deps(), 'burns', { nextBlock: null }),
      runCheck(deps(), 'burns', { nextBlock: null }),
    ]);
    await runCheck(deps(), 'burns', { nextBlock: null });
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toMatch(/^Burns:\n1,000 PKG burned \(sent to 0x0000…dEaD\) — block 79282850/);
  });
});

describe('radar alerts', () => {
  test('at most 3 tokens a check, newest first; a pool under the level never', async () => {
    const at = (minutesAgo: number) =>
      new Date(h.fc.now() - minutesAgo * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const token = (i: number) => `0x${String(i).repeat(40)}`;
    h.d.geckoterminal.newPools = [1, 2, 3, 4, 5].map((i) => ({
      address: `0x${'c'.repeat(39)}${i}`,
      base: { address: token(i), symbol: `NEW${i}`, name: `New ${i}` },
      reserveUsd: String(50_000 + i * 10_000),
      createdAt: at(i),
    }));
    h.d.geckoterminal.newPools.push({
      address: `0x${'c'.repeat(39)}6`,
      base: { address: token(6), symbol: 'SMALL', name: 'Small' },
      reserveUsd: '10000',
      createdAt: at(0),
    });
    expect(await say(ADA, 'radar', 'on 50000')).toMatch(
      /^Alert 1 set: new tokens with at least \$50,000\.00 liquidity/,
    );
    const scheduler = createScheduler(deps(), { holder: 'test' });
    h.fc.advance(600_000);
    expect((await scheduler.tick()).ran).toContain('radar');
    expect(texts().map((t) => t.split('\n')[0])).toEqual([
      `New token: NEW1 (New 1) 0x1111…1111`,
      `New token: NEW2 (New 2) 0x2222…2222`,
      `New token: NEW3 (New 3) 0x3333…3333`,
    ]);
    h.fc.advance(600_000);
    await scheduler.tick();
    expect(texts()).toHaveLength(5);
    expect(
      texts()
        .slice(3)
        .map((t) => t.split('\n')[0]),
    ).toEqual([`New token: NEW4 (New 4) 0x4444…4444`, `New token: NEW5 (New 5) 0x5555…5555`]);
    h.fc.advance(600_000);
    await scheduler.tick();
    expect(texts()).toHaveLength(5);
    expect(texts().join('\n')).not.toContain('SMALL');
  });
});

describe('the chat limit and /alertoff', () => {
  test('the 11th alert of a chat is refused; concurrent adds stop at 10', async () => {
    for (let n = 1; n <= 10; n++)
      expect(await say(ADA, 'alert', `above ${n * 100}`)).toMatch(new RegExp(`^Alert ${n} set`));
    expect(await say(ADA, 'alert', 'above 1100')).toBe(
      'This chat has 10 alerts, the most it can have: remove one with /alertoff <n> first.',
    );
    expect(await say(ADA, 'burns', 'on')).toMatch(/^This chat has 10 alerts/);
    expect(await alertsOf(ADA)).toBe(10);

    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => say(BOB, 'alert', `above ${(i + 1) * 100}`)),
    );
    expect(replies.filter((r) => r.startsWith('This chat has 10 alerts'))).toHaveLength(2);
    expect(await alertsOf(BOB)).toBe(10);
  });

  test('/alerts numbers them; /alertoff by number and all, other chats untouched', async () => {
    await say(ADA, 'alert', 'above 100');
    h.fc.advance(1);
    await say(ADA, 'whales', 'on 2000');
    h.fc.advance(1);
    await say(ADA, 'burns', 'on');
    h.fc.advance(1);
    await say(ADA, 'alert', 'below 0.00500000 ETH');
    await say(BOB, 'burns', 'on');
    expect(await say(ADA, 'alerts')).toBe(
      [
        '1. price at or above $100',
        '2. whale trades of at least $2,000.00',
        '3. burns',
        '4. price at or below 0.005 (pool quote token)',
      ].join('\n'),
    );
    expect(await say(ADA, 'alertoff', '2')).toBe('Alert 2 removed (whale trades of at least $2,000.00).');
    expect(await say(ADA, 'alerts')).toBe(
      '1. price at or above $100\n2. burns\n3. price at or below 0.005 (pool quote token)',
    );
    expect(await say(ADA, 'alertoff', '9')).toBe('No alert 9 in this chat: see /alerts.');
    expect(await alertsOf(ADA)).toBe(3);
    expect(await say(ADA, 'alertoff', 'all')).toBe('3 alerts removed.');
    expect(await alertsOf(ADA)).toBe(0);
    expect(await say(ADA, 'alerts')).toBe('This chat has no alerts.');
    expect(await alertsOf(BOB)).toBe(1);
  });
});

describe('sending', () => {
  test('a 429 waits retry_after and delivers once', async () => {
    await say(ADA, 'alert', 'above 0.02 ETH');
    h.tg.failNext.push({ method: 'sendMessage', ...TELEGRAM_TOO_MANY });
    h.chain.setSqrtPrice(V4_ETH_PKG.id, 5n * Q96);
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(h.waits).toContain(3_000);
    expect(h.tg.sent).toHaveLength(1);
    expect(h.tg.calls.filter((c) => c.method === 'sendMessage')).toHaveLength(2);
    expect(await alertsOf(ADA)).toBe(0);
  });

  test("a 403 removes that chat's alerts only", async () => {
    await say(ADA, 'alert', 'above 0.02 ETH');
    await say(ADA, 'burns', 'on');
    await say(BOB, 'alert', 'above 0.03 ETH');
    await say(BOB, 'burns', 'on');
    h.tg.blocked.add('1001');
    h.chain.setSqrtPrice(V4_ETH_PKG.id, 5n * Q96);
    await runCheck(deps(), 'price', { nextBlock: null });
    expect(await alertsOf(ADA)).toBe(0);
    expect(await alertsOf(BOB)).toBe(1);
    expect(h.tg.sent.map((m) => String(m.chat_id))).toEqual(['1002']);
  });
});
