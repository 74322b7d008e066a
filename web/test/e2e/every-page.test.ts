// Every page of the website, as a visitor meets it (docs/website.md, "Pages"): each one renders
// against the vendor doubles (site.ts), makes no request to any origin but the server's own, has
// no serious or critical accessibility violation (axe-core) in the light and the dark colour
// scheme (the page follows prefers-color-scheme), and is screenshotted at 1280 and 375 px wide
// (web/test-results/screenshots/) without sideways scrolling at 375 px. The chart library loads
// only with the pages that draw charts.
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ISSUER_ASSETS, ROUTER, UNISWAP_DEV_WALLET, V3_PKG_USDC } from '@pkg/shared/testing';
import { buildPackage, publishArchive, runAdmin } from '@pkg/server/testing';
import {
  foreignRequests,
  openPage,
  overflowsViewport,
  screenshots,
  seriousViolations,
  startSite,
  type Site,
} from './site.js';

const SYMBOL = ISSUER_ASSETS.assets[0]?.tokenSymbol ?? 'SPY';

/** Every page: its name (for the screenshot files) and its path. */
const PAGES: [string, string][] = [
  ['home', '/'],
  ['search', '/search?q=hello'],
  ['namespace', '/@alice'],
  ['package', '/@alice/hello'],
  ['version', '/@alice/hello/v/1.0.0'],
  ['account', '/account'],
  ['status', '/status'],
  ['not-found', '/no/such/page'],
  ['live', '/live'],
  ['token', '/token'],
  ['stocks', '/stocks'],
  ['screener', '/screener'],
  ['wallet-form', '/wallet'],
  ['wallet', `/wallet/${UNISWAP_DEV_WALLET}`],
  ['explain', `/explain?address=${ROUTER}`],
  ['ask', '/ask'],
  ['widgets', '/widgets'],
  ['embed-token', '/embed/token'],
  ['embed-stock', `/embed/stock/${SYMBOL}`],
  ['embed-pool', `/embed/pool/robinhood/${V3_PKG_USDC.address}`],
];

let site: Site;

beforeAll(async () => {
  site = await startSite();
  // /explain asks the model for an explanation: a structured answer in the shape the explainer
  // requires (OpenRouter's structured outputs: the JSON text is the message content).
  site.doubles.openrouter.structuredText = JSON.stringify({
    summary: 'A router that runs a list of swap commands for the caller in one transaction.',
    functions: [{ signature: 'execute()', meaning: 'Runs the encoded commands; it can move your tokens.' }],
    flags: [],
  });
  const created = await runAdmin(['user', 'create', 'alice'], { PKG_DATA_DIR: site.dataDir });
  if (created.code !== 0) throw new Error(`pkg-admin user create: ${created.stderr}`);
  const token = created.stdout.trimEnd().split('\n').at(-1) ?? '';
  const pack = await buildPackage({
    namespace: 'alice',
    name: 'hello',
    description: 'Greets people by name.',
  });
  const res = await publishArchive(site.url, token, pack.bytes);
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${await res.text()}`);
});

afterAll(async () => {
  await site?.close();
});

/** The page has its content: a heading, and nothing still loading. */
async function ready(page: Page): Promise<void> {
  await page.getByRole('heading').first().waitFor();
  await expect.poll(() => page.getByText(/^Loading .*…$/).count(), { timeout: 20_000 }).toBe(0);
}

/** The page's background colour as drawn. */
const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** The text of every script the page loaded. */
async function scriptsOf(pathname: string): Promise<string[]> {
  const opened = await openPage(site, pathname);
  await ready(opened.page);
  const urls = opened.requests.filter((url) => url.endsWith('.js'));
  await opened.close();
  return Promise.all(urls.map(async (url) => (await fetch(url)).text()));
}

describe('code splitting', () => {
  test('the chart library loads with the token page, not with the home page', async () => {
    const home = await scriptsOf('/');
    expect(home.length).toBeGreaterThan(0);
    expect(home.some((js) => js.includes('recharts-wrapper'))).toBe(false);
    const token = await scriptsOf('/token');
    expect(token.some((js) => js.includes('recharts-wrapper'))).toBe(true);
  });
});

describe('every page', () => {
  test.each(PAGES)(
    '%s (%s): own origin only, accessible in light and dark, screenshotted at 1280 and 375 px',
    async (name, pathname) => {
      const opened = await openPage(site, pathname);
      const { page, requests } = opened;
      await ready(page);
      expect(await seriousViolations(page)).toEqual([]);
      const light = await background(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await background(page)).not.toBe(light);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshots(page, `${name}-dark`, ready);
      await page.emulateMedia({ colorScheme: 'light' });
      const files = await screenshots(page, name, ready);
      expect(files.every((file) => existsSync(file))).toBe(true);
      await page.setViewportSize({ width: 375, height: 900 });
      expect(await overflowsViewport(page)).toBe(false);
      expect(foreignRequests(requests, site.url)).toEqual([]);
      expect(requests.length).toBeGreaterThan(0);
      await opened.close();
    },
  );
});
