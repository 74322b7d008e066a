// Another site embeds the website's live cards (docs/website.md, "Pages"): the project token's
// price read from its pool, a stock token's premium and a pool's market data, each with its source
// and age, refreshed every 15 seconds, with no cookie and no request to another origin. Only
// /embed/* may be framed by another origin (the server's security headers). A person builds a
// card's `<iframe>` snippet on /widgets. All values come from the local vendor doubles through
// the built server: the chain double's v3 pool (shared/test/vendors/uniswap-pools-double.ts),
// the issuer double's SPY quote (shared/test/vendors/robinhood-stocks-server.ts), the pair
// provider's pairs (shared/test/vendors/dexscreener-server.ts) and site.ts's PKG_PAIR (a DEX
// Screener "Pair" object of https://docs.dexscreener.com/api/reference).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { V3_PKG_USDC } from '@pkg/shared/testing';
import {
  foreignRequests,
  openPage,
  overflowsViewport,
  screenshots,
  seriousViolations,
  startSite,
  type Site,
} from './site.js';

const POOL_PATH = `/embed/pool/robinhood/${V3_PKG_USDC.address}`;

let site: Site;
/** The embedding site: another origin (another port) serving a page that frames a path of the site. */
let embedder: Server;
let embedderUrl = '';

beforeAll(async () => {
  site = await startSite();
  embedder = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://embedder');
    const framed = url.searchParams.get('path') ?? '/embed/token';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><title>A blog</title></head><body>` +
        `<h1>A blog post</h1>` +
        `<iframe src="${site.url}${framed}" width="320" height="180" title="Embedded card" style="border:0"></iframe>` +
        `</body></html>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  embedderUrl = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => embedder?.close(resolve));
  await site?.close();
});

/** Light and dark: axe's serious and critical violations in both color schemes. */
async function violationsInBothSchemes(page: Page) {
  const found = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(page)));
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}

describe('the embeddable cards', () => {
  test('the token card shows the pool price read on chain, its source, block and age, and the latest swap', async () => {
    const opened = await openPage(site, '/embed/token', 320);
    const { page, requests } = opened;
    await page.getByTestId('embed-price').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('PKG price');
    // The chain double's v3 pool (sqrtPriceX96 2^75, PKG/USDC) prices one PKG at 10^12 / 2^42 =
    // 0.227373675… USDC, shown to 6 significant digits as on /token.
    expect(await page.getByTestId('embed-price').textContent()).toBe('0.227374 USDC');
    expect(await page.getByTestId('source-name').textContent()).toBe('Robinhood Chain public RPC');
    expect(await page.getByTestId('source-age').textContent()).toMatch(/^\d+ s ago$/);
    expect(await page.getByTestId('source').textContent()).toMatch(/ · block \d+/);
    expect(await page.getByTestId('embed-last-swap').textContent()).toBe(
      'Last swap: sell 1,000 PKG for 240 USDC',
    );
    expect(await page.getByTestId('not-advice').textContent()).toBe('Market data is not financial advice.');
    const link = page.getByRole('link', { name: `on ${new URL(site.url).host}` });
    expect(await link.getAttribute('href')).toBe('/token');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener');
    expect(await violationsInBothSchemes(page)).toEqual([]);
    await screenshots(page, 'embed-token', (p) => p.getByTestId('embed-price').waitFor());
    expect(foreignRequests(requests, site.url)).toEqual([]);
    await opened.close();
  });

  test('the stock card shows the listed symbol’s premium row with both sources, and "not listed" otherwise', async () => {
    const opened = await openPage(site, '/embed/stock/SPY', 320);
    const { page, requests } = opened;
    await page.getByTestId('embed-premium').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('SPY stock token');
    // The pair provider's pool of the issuer's SPY contract quotes it at $0.02975; the issuer's
    // SPY quote (bid/ask around 572.6) is the reference: a 99.99 % discount.
    expect(await page.getByTestId('embed-dex-price').textContent()).toBe('$0.02975');
    expect(await page.getByTestId('embed-reference').textContent()).toBe('$572.60');
    expect(await page.getByText('Reference (issuer quote)').count()).toBe(1);
    expect(await page.getByTestId('embed-premium').textContent()).toBe('-99.99 % discount');
    expect(await page.getByTestId('embed-last-close').count()).toBe(0);
    expect(await page.getByTestId('source-name').allTextContents()).toEqual([
      'DexScreener',
      'Robinhood stock-token API',
    ]);
    for (const age of await page.getByTestId('source-age').allTextContents())
      expect(age).toMatch(/^\d+ s ago$/);
    expect(await page.getByTestId('not-advice').count()).toBe(1);
    expect(await page.getByRole('link', { name: /^on / }).getAttribute('href')).toBe('/stocks');
    expect(await violationsInBothSchemes(page)).toEqual([]);
    await screenshots(page, 'embed-stock', (p) => p.getByTestId('embed-premium').waitFor());

    await page.goto(`${site.url}/embed/stock/ZZZ`);
    await page.getByTestId('embed-not-listed').waitFor();
    expect(await page.getByTestId('embed-not-listed').textContent()).toBe(
      'Not listed: the issuer lists no ZZZ stock token on robinhood.',
    );

    const before = requests.length;
    await page.goto(`${site.url}/embed/stock/not$a$ticker`);
    await page.getByTestId('embed-bad-params').waitFor();
    expect(await page.getByTestId('embed-bad-params').textContent()).toContain('is not a ticker');
    expect(requests.slice(before).filter((url) => url.includes('/trpc/'))).toEqual([]);
    expect(foreignRequests(requests, site.url)).toEqual([]);
    await opened.close();
  });

  test('the pool card shows the pair provider’s pool, and a clear message for a bad address', async () => {
    const opened = await openPage(site, POOL_PATH, 320);
    const { page, requests } = opened;
    await page.getByTestId('embed-price').waitFor();
    // PKG_PAIR (site.ts): priceUsd 0.2273, +2.5 % over 24 h, liquidity 455,000.25, volume 31,002.75, 41/37 trades.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('PKG / USDC');
    expect(await page.getByTestId('embed-price').textContent()).toBe('$0.2273+2.50 % 24h');
    expect(await page.getByTestId('embed-change').textContent()).toBe('+2.50 % 24h');
    expect(await page.getByTestId('embed-liquidity').textContent()).toBe('$455,000.25');
    expect(await page.getByTestId('embed-volume').textContent()).toBe('$31,002.75');
    expect(await page.getByTestId('embed-txns').textContent()).toBe('41 buys · 37 sells');
    expect(await page.getByTestId('source-name').textContent()).toBe('DexScreener');
    expect(await page.getByTestId('source-age').textContent()).toMatch(/^\d+ s ago$/);
    expect(await page.getByTestId('not-advice').count()).toBe(1);
    expect(await violationsInBothSchemes(page)).toEqual([]);
    await screenshots(page, 'embed-pool', (p) => p.getByTestId('embed-price').waitFor());

    const before = requests.length;
    await page.goto(`${site.url}/embed/pool/robinhood/0x1234`);
    await page.getByTestId('embed-bad-params').waitFor();
    expect(await page.getByTestId('embed-bad-params').textContent()).toBe(
      'Not a pool: address: an address is 0x + 40 hex digits (0x + 64 for a v4 pool id), or a base58 address.',
    );
    await page.goto(`${site.url}/embed/pool/Not%20A%20Net/${V3_PKG_USDC.address}`);
    await page.getByTestId('embed-bad-params').waitFor();
    expect(await page.getByTestId('embed-bad-params').textContent()).toMatch(
      /^Not a pool: network: a network is an id/,
    );
    expect(await violationsInBothSchemes(page)).toEqual([]);
    expect(requests.slice(before).filter((url) => url.includes('/trpc/'))).toEqual([]);
    expect(foreignRequests(requests, site.url)).toEqual([]);
    await opened.close();
  });
});

describe('another site frames the cards', () => {
  test('the token card loads in another origin’s iframe, refreshes from the pool every 15 s, and sets no cookie', async () => {
    const context = await site.browser.newContext({ viewport: { width: 800, height: 600 } });
    // The page clock of every frame, read when the card calls fetch for v1.tokenLive and when the
    // answer's body has arrived.
    await context.addInitScript(() => {
      const w = window as unknown as { __tokenLive: { calls: number[]; arrived: number[] } };
      w.__tokenLive = { calls: [], arrived: [] };
      const original = window.fetch.bind(window);
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (!url.includes('v1.tokenLive')) return original(input, init);
        w.__tokenLive.calls.push(Date.now());
        const response = await original(input, init);
        void response
          .clone()
          .text()
          .then(() => w.__tokenLive.arrived.push(Date.now()));
        return response;
      };
    });
    const page = await context.newPage();
    const requests: Request[] = [];
    const responses: Response[] = [];
    page.on('request', (r) => requests.push(r));
    page.on('response', (r) => responses.push(r));
    await page.clock.install();
    await page.goto(`${embedderUrl}/?path=/embed/token`);
    const card = page.frameLocator('iframe[title="Embedded card"]');
    await card.getByTestId('embed-price').waitFor();
    expect(await card.getByTestId('embed-price').textContent()).toBe('0.227374 USDC');
    expect(await card.getByTestId('source-name').textContent()).toBe('Robinhood Chain public RPC');

    // The card's document may be framed by any origin, and says so.
    const doc = responses.find((r) => r.url() === `${site.url}/embed/token`);
    expect(doc?.status()).toBe(200);
    expect(await doc?.headerValue('content-security-policy')).toContain('frame-ancestors *');
    expect(await doc?.headerValue('x-frame-options')).toBeNull();

    const frame = page.frames().find((f) => f.url() === `${site.url}/embed/token`);
    if (!frame) throw new Error('the card is not in a frame of the page');
    const liveRequests = () => requests.filter((r) => r.url().includes('v1.tokenLive')).length;
    const reads = () =>
      frame.evaluate(
        () => (window as unknown as { __tokenLive: { calls: number[]; arrived: number[] } }).__tokenLive,
      );
    /** Waits until `n` answers have arrived and the card has taken them in (its timers run once). */
    const settled = async (n: number) => {
      await expect.poll(async () => (await reads()).arrived.length).toBe(n);
      await frame.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    };
    await settled(1);
    expect(liveRequests()).toBe(1);

    // Let 15 s pass on the page clock, twice: one refresh each time, each 15 s after the last
    // reading arrived (the clock runs on naturally between, as fast as the local server answers).
    await page.clock.runFor(15_000);
    await expect.poll(liveRequests).toBe(2);
    await settled(2);
    await page.clock.runFor(15_000);
    await expect.poll(liveRequests).toBe(3);
    await settled(3);
    const { calls, arrived } = await reads();
    // Each refresh is asked 15 s on the page clock after the previous reading came in, so at
    // least 15 s after the previous request, and later only by the moment the answer took (the
    // page clock runs on in real time, so a busy machine stretches that moment; 2 s bounds it).
    expect(calls).toHaveLength(3);
    expect(arrived).toHaveLength(3);
    for (const i of [0, 1]) {
      const gap = (calls[i + 1] ?? NaN) - (calls[i] ?? NaN);
      expect(gap).toBeGreaterThanOrEqual(15_000);
      expect(gap).toBeLessThan(17_000);
    }
    expect(liveRequests()).toBe(3);
    await expect.poll(() => responses.filter((r) => r.url().includes('v1.tokenLive')).length).toBe(3);
    for (const r of responses.filter((r) => r.url().includes('v1.tokenLive'))) expect(r.status()).toBe(200);
    // The card still shows the reading with its source and age, now read on the page clock.
    expect(await card.getByTestId('embed-price').textContent()).toBe('0.227374 USDC');
    expect(await card.getByTestId('source-name').textContent()).toBe('Robinhood Chain public RPC');
    expect(await card.getByTestId('source-age').textContent()).toMatch(/^\d+ s ago$/);

    // No cookie: none in the browser, none in the frame's document, no Set-Cookie on any answer.
    expect(await context.cookies()).toEqual([]);
    expect(await frame.evaluate(() => document.cookie)).toBe('');
    const siteResponses = responses.filter((r) => r.url().startsWith(`${site.url}/`));
    expect(siteResponses.length).toBeGreaterThan(3);
    for (const r of siteResponses) expect(await r.headerValue('set-cookie')).toBeNull();

    // Every request of the frame went to the site's own origin (the page itself is the embedder's).
    const fromFrame = requests.filter((r) => r.frame() !== page.mainFrame()).map((r) => r.url());
    expect(fromFrame.length).toBeGreaterThan(3);
    expect(foreignRequests(fromFrame, site.url)).toEqual([]);
    expect(
      foreignRequests(
        requests.map((r) => r.url()),
        site.url,
      ).every((u) => u.startsWith(`${embedderUrl}/`)),
    ).toBe(true);
    await context.close();
  });

  test('a page outside /embed/ is refused in another origin’s iframe', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    await page.goto(`${embedderUrl}/?path=/token`);
    await page.getByRole('heading', { name: 'A blog post' }).waitFor();
    await expect.poll(() => responses.some((r) => r.url() === `${site.url}/token`)).toBe(true);
    const doc = responses.find((r) => r.url() === `${site.url}/token`);
    if (!doc) throw new Error('the framed page was not answered');
    expect(await doc.headerValue('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await doc.headerValue('x-frame-options')).toBe('DENY');
    // The browser does not render the SPA in the frame: no heading, no app.
    const frame = page.frameLocator('iframe[title="Embedded card"]');
    expect(await frame.getByRole('heading').count()).toBe(0);
    expect(page.frames().some((f) => f.url().startsWith(`${site.url}/`) && f !== page.mainFrame())).toBe(
      false,
    );
    await context.close();
  });
});

describe('the /widgets card builder', () => {
  test('builds a pool card’s snippet with a live preview, and refuses a bad address or symbol', async () => {
    const opened = await openPage(site, '/widgets');
    const { page, requests } = opened;
    await page.getByRole('heading', { level: 1, name: 'Widgets' }).waitFor();
    // The project token card is the first choice: its snippet is there at once.
    expect(await page.getByTestId('builder-snippet').textContent()).toBe(
      `<iframe src="${site.url}/embed/token" width="320" height="180" title="Project token price" loading="lazy" style="border:0"></iframe>`,
    );
    await page.getByRole('button', { name: 'Copy the snippet' }).waitFor();

    await page.getByRole('radio', { name: 'Pool' }).check();
    expect(await page.getByLabel('Network').inputValue()).toBe('robinhood');
    await page.getByLabel('Pool address').fill(V3_PKG_USDC.address);
    await page.getByLabel('Width').fill('360');
    await page.getByLabel('Height').fill('200');
    await expect
      .poll(() => page.getByTestId('builder-snippet').textContent())
      .toBe(
        `<iframe src="${site.url}${POOL_PATH}" width="360" height="200" title="Pool ${V3_PKG_USDC.address} on robinhood" loading="lazy" style="border:0"></iframe>`,
      );
    const preview = page.frameLocator('[data-testid="builder-preview"]');
    await preview.getByTestId('embed-price').waitFor();
    expect(await preview.getByRole('heading', { level: 1 }).textContent()).toBe('PKG / USDC');
    expect(await preview.getByTestId('embed-liquidity').textContent()).toBe('$455,000.25');
    expect(await page.getByTestId('builder-preview').getAttribute('src')).toBe(POOL_PATH);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'widgets', (p) =>
      preview
        .getByTestId('embed-price')
        .waitFor()
        .then(() => p.waitForLoadState()),
    );
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await overflowsViewport(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel('Pool address').fill('0x1234');
    await page.getByTestId('builder-address-error').waitFor();
    expect(await page.getByTestId('builder-address-error').textContent()).toBe(
      'Pool address: an address is 0x + 40 hex digits (0x + 64 for a v4 pool id), or a base58 address',
    );
    expect(await page.getByLabel('Pool address').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('builder-snippet').count()).toBe(0);
    expect(await page.getByTestId('builder-preview').count()).toBe(0);
    await page.getByLabel('Network').fill('Not A Net');
    await page.getByTestId('builder-network-error').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: 'Stock token' }).check();
    await page.getByLabel('Symbol').fill('sp$');
    await page.getByTestId('builder-symbol-error').waitFor();
    expect(await page.getByTestId('builder-symbol-error').textContent()).toBe(
      'Symbol: a ticker is 1 to 6 letters, with a share class such as BRK.B',
    );
    expect(await page.getByTestId('builder-snippet').count()).toBe(0);
    await page.getByLabel('Symbol').fill('spy');
    await expect
      .poll(() => page.getByTestId('builder-snippet').textContent())
      .toBe(
        `<iframe src="${site.url}/embed/stock/SPY" width="360" height="200" title="SPY stock token" loading="lazy" style="border:0"></iframe>`,
      );
    await preview.getByTestId('embed-premium').waitFor();
    await page.getByLabel('Width').fill('20');
    await page.getByTestId('builder-width-error').waitFor();
    expect(await page.getByTestId('builder-snippet').count()).toBe(0);

    expect(foreignRequests(requests, site.url)).toEqual([]);
    await opened.close();
  });
});
