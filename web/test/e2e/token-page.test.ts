// A person opens /token on the website served by the built server against local vendors
// (site.ts): the project token PKG with its v3 PKG/USDC pool on the chain double, the explorer,
// DEX Screener and GeckoTerminal doubles. They read the live pool price, supply, burned, market
// cap, the market, holders with the project's addresses marked, the dev wallet and the official
// contract, the recent swaps and the candles chart, each panel with its source and age (or the
// reason it has none), and switch the candle size, which the URL keeps.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { HEAD, UNISWAP_DEV_WALLET, UNISWAP_PKG } from '@pkg/shared/testing';
import {
  foreignRequests,
  openPage,
  overflowsViewport,
  screenshots,
  seriousViolations,
  startSite,
  type Site,
} from './site.js';

let site: Site;

/** The panels that show data with the doubles (every panel but the USD price). */
const SOURCED_PANELS = [
  'price',
  'market-cap',
  'candles',
  'trades',
  'market',
  'supply',
  'burned',
  'holders',
  'top-holders',
  'dev-wallets',
  'contract',
];

beforeAll(async () => {
  site = await startSite();
}, 120_000);
beforeEach(() => {
  site.reset();
});
afterAll(async () => {
  await site?.close();
});

describe('/token', () => {
  test('every panel of the project token with its source and age, the USD price with its reason', async () => {
    const opened = await openPage(site, '/token');
    const { page, requests } = opened;
    try {
      await page.getByTestId('pool-price').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Project token');
      // The v3 pool's sqrtPriceX96 is 2^75: (2^75 / 2^96)^2 × 10^(18 − 6) = 10^12 / 2^42
      // = 0.227373675443… USDC a PKG (uniswap-pools-double.ts), shown to 6 significant digits.
      expect(await page.getByTestId('pool-price').textContent()).toBe('0.227374 USDC');
      expect(await page.getByTestId('panel-price').getByTestId('source').textContent()).toContain(
        `Robinhood Chain public RPC · `,
      );
      expect(await page.getByTestId('panel-price').textContent()).toContain(`block ${HEAD}`);

      // No price source lists USDC on the chain: the USD panel says why instead of a number.
      const usd = page.getByTestId('panel-price-usd');
      expect(await usd.getByTestId('section-reason').textContent()).toMatch(/^Unavailable: \S/);
      expect(await usd.getByTestId('price-usd').count()).toBe(0);

      // Supply 1,000,000,000; 150,000,000 on the dead address; cap = 850,000,000 × price.
      expect(await page.getByTestId('supply-total').textContent()).toBe('1,000,000,000');
      expect(await page.getByTestId('burned-total').textContent()).toBe('150,000,000 (15 % of supply)');
      expect(await page.getByTestId('panel-burned').textContent()).toContain('0x0000…dEaD');
      expect(await page.getByTestId('market-cap').textContent()).toBe('193,267,624.12 USDC');

      // DEX Screener's pair of the pool (site.ts PKG_PAIR).
      expect(await page.getByTestId('market-liquidity').textContent()).toBe('$455,000.25');
      const day = page.getByTestId('market-table').getByRole('row', { name: /24 h/ });
      expect(await day.textContent()).toContain('$31,002.75');
      expect(await day.textContent()).toContain('41 / 37');
      expect(await day.textContent()).toContain('+2.50 %');
      expect(await page.getByTestId('panel-market').getByTestId('source-name').textContent()).toBe(
        'DexScreener',
      );

      // The explorer's holders: the burn address and the dev wallet marked.
      expect(await page.getByTestId('holders-count').textContent()).toBe('1,234');
      const top = page.getByTestId('top-holders-table');
      const burnRow = top.getByRole('row').filter({ hasText: 'Burn address' });
      expect(await burnRow.textContent()).toContain('150,000,000');
      const devRow = top.getByRole('row').filter({ hasText: 'Dev wallet' });
      expect(await devRow.textContent()).toContain('50,000,000');
      expect(await devRow.getByRole('link').textContent()).toBe('0x1212…1212');

      // Transparency: the dev wallet with its balance, the official contract.
      const transparency = page.getByRole('region', { name: 'Transparency' });
      const dev = transparency.getByTestId('dev-wallets-table');
      expect(await dev.getByRole('link', { name: UNISWAP_DEV_WALLET }).count()).toBe(1);
      expect(await dev.textContent()).toContain('50,000,000');
      expect(await dev.textContent()).toContain('5 %');
      expect((await page.getByTestId('contract-address').textContent())?.toLowerCase()).toBe(UNISWAP_PKG);
      expect(await page.getByTestId('panel-contract').textContent()).toContain('PKG');

      // The v3 pool's swaps 30 blocks back: 2,000 PKG bought for 500 USDC, 1,000 sold for 240.
      const trades = page.getByTestId('trades-table');
      const buy = trades.getByRole('row').filter({ hasText: 'Buy' });
      const sell = trades.getByRole('row').filter({ hasText: 'Sell' });
      expect(await buy.textContent()).toContain('2,000');
      expect(await buy.textContent()).toContain('500');
      expect(await buy.textContent()).toContain(String(HEAD - 30n));
      expect(await buy.textContent()).toContain('0x0000…0007');
      expect(await sell.textContent()).toContain('1,000');
      expect(await sell.textContent()).toContain('240');

      for (const id of SOURCED_PANELS) {
        const panel = page.getByTestId(`panel-${id}`);
        expect(await panel.getByTestId('source-name').count(), id).toBe(1);
        expect(await panel.getByTestId('source-age').textContent(), id).toMatch(/ago$/);
      }
      expect(await page.getByTestId('not-advice').textContent()).toBe('Market data is not financial advice.');
      expect(foreignRequests(requests, site.url)).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  test('the candles chart, its summary and table; the candle size kept in the URL', async () => {
    const opened = await openPage(site, '/token');
    const { page, requests } = opened;
    try {
      const chart = page.getByTestId('candles-chart');
      await chart.locator('svg').first().waitFor();
      expect(await page.getByTestId('panel-candles').getByTestId('source-name').textContent()).toBe(
        'GeckoTerminal',
      );
      expect(await chart.getAttribute('role')).toBe('img');
      expect(await chart.getAttribute('aria-label')).toBe(
        '2 1 h candles in USD from 2026-09-08 16:00 UTC to 2026-09-08 17:00 UTC: low $0.2231, ' +
          'high $0.2290, first open $0.2248, last close $0.2274.',
      );
      expect(await chart.locator('.candle').count()).toBe(2);
      expect(await chart.locator('.candle-up').count()).toBe(2);

      await page.getByText('The candles as a table').click();
      const table = page.getByTestId('candle-table');
      await table.waitFor();
      const rows = table.getByRole('row');
      expect(await rows.count()).toBe(3);
      expect((await rows.nth(1).innerText()).split('\t')).toEqual([
        '2026-09-08 16:00 UTC',
        '$0.2248',
        '$0.2270',
        '$0.2231',
        '$0.2261',
        '$2,045.25',
      ]);
      expect((await rows.nth(2).innerText()).split('\t')).toEqual([
        '2026-09-08 17:00 UTC',
        '$0.2261',
        '$0.2290',
        '$0.2255',
        '$0.2274',
        '$1,210.50',
      ]);

      // Hourly by default; the day size asks the provider for daily candles and the URL keeps it.
      const size = page.getByLabel('Candle size');
      expect(await size.inputValue()).toBe('1h');
      await size.selectOption({ label: '1 day' });
      await expect.poll(() => new URL(page.url()).searchParams.get('tf')).toBe('1d');
      await page.getByRole('heading', { name: 'Candles (1 day, USD)' }).waitFor();
      await expect
        .poll(() => site.doubles.geckoterminal.paths.some((p) => /\/ohlcv\/day\?/.test(p)))
        .toBe(true);
      await size.selectOption({ label: '15 min' });
      await expect.poll(() => new URL(page.url()).searchParams.get('tf')).toBe('15m');
      await expect
        .poll(() => site.doubles.geckoterminal.paths.some((p) => /\/ohlcv\/minute\?.*aggregate=15/.test(p)))
        .toBe(true);
      expect(foreignRequests(requests, site.url)).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  test('a candle size in the URL is kept; an unknown one falls back to hourly', async () => {
    const four = await openPage(site, '/token?tf=4h');
    try {
      await four.page.getByRole('heading', { name: 'Candles (4 h, USD)' }).waitFor();
      expect(await four.page.getByLabel('Candle size').inputValue()).toBe('4h');
    } finally {
      await four.close();
    }
    const bad = await openPage(site, '/token?tf=3w');
    try {
      await bad.page.getByRole('heading', { name: 'Candles (1 h, USD)' }).waitFor();
      expect(await bad.page.getByLabel('Candle size').inputValue()).toBe('1h');
    } finally {
      await bad.close();
    }
  });

  test('the live pool price is read again every 5 s', async () => {
    const opened = await openPage(site, '/token');
    const { page, requests } = opened;
    try {
      await page.getByTestId('pool-price').waitFor();
      const liveReads = () => requests.filter((url) => url.includes('v1.tokenLive')).length;
      const first = liveReads();
      await expect.poll(liveReads, { timeout: 15_000 }).toBeGreaterThan(first);
    } finally {
      await opened.close();
    }
  });

  test('no serious accessibility violations, no horizontal overflow at 375 px', async () => {
    const opened = await openPage(site, '/token', 375);
    const { page } = opened;
    try {
      await page.getByTestId('candles-chart').locator('svg').first().waitFor();
      await page.getByTestId('top-holders-table').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowsViewport(page)).toBe(false);
      await page.getByText('The candles as a table').click();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowsViewport(page)).toBe(false);
      await screenshots(page, 'token', async (p) => {
        await p.getByTestId('candles-chart').locator('svg').first().waitFor();
      });
    } finally {
      await opened.close();
    }
  });
});
