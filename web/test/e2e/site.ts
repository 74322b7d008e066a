// The website against local vendors, for the doc-3 page tests: the vendor doubles of the data
// layer (@pkg/shared/testing; each double's payloads follow its vendor's documentation, cited in
// shared/test/vendors/) and the chain double holding the project token's Uniswap pools, wired
// into the built server through `<VENDOR>_BASE_URL` and PKG_NET_ALLOW_PRIVATE=1, with the
// project token configured (its v3 pool). Every page opened records every request it makes, so a
// test can show that none left for another origin; pages are screenshotted at 1280 and 375 px
// and scanned with axe-core.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEX_PAIRS,
  OPENROUTER_MODEL,
  PKG_OHLCV,
  UNISWAP_DEAD,
  UNISWAP_DEV_WALLET,
  UNISWAP_PKG,
  V3_PKG_USDC,
  startDoubles,
  startUniswapPoolsDouble,
  type Doubles,
  type UniswapPoolsDouble,
  withOnlyRpc,
} from '@pkg/shared/testing';
import { spawnServer, type SpawnedServer } from '@pkg/server/testing';
import { launchBrowser } from './browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built SPA: web/dist, or another build's folder named by PKG_E2E_WEB_DIST. */
const webDist = process.env.PKG_E2E_WEB_DIST ?? path.resolve(here, '../../dist');
/** Where the test run writes its screenshots (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(here, '../../test-results/screenshots');
export const WIDTHS = [1280, 375] as const;

/**
 * The project token's v3 pool as DEX Screener lists it: a Pair object of
 * https://docs.dexscreener.com/api/reference (schema "Pair"); values are illustrative.
 */
export const PKG_PAIR = {
  chainId: 'robinhood',
  dexId: 'uniswap',
  url: `https://dexscreener.com/robinhood/${V3_PKG_USDC.address}`,
  pairAddress: V3_PKG_USDC.address,
  labels: ['v3'],
  baseToken: { address: UNISWAP_PKG, name: 'Package Token', symbol: 'PKG' },
  quoteToken: { address: V3_PKG_USDC.token1, name: 'USD Coin', symbol: 'USDC' },
  priceNative: '0.2273',
  priceUsd: '0.2273',
  txns: { h1: { buys: 3, sells: 2 }, h24: { buys: 41, sells: 37 } },
  volume: { h24: 31_002.75, h1: 120.5 },
  priceChange: { h24: 2.5 },
  liquidity: { usd: 455_000.25, base: 900_000, quote: 250_000 },
  pairCreatedAt: 1_757_000_000_000,
};

/** The project token's variables: the token, its v3 pool, a dev wallet and the burn address. */
export const PROJECT_TOKEN_ENV = {
  PROJECT_TOKEN_ADDRESS: UNISWAP_PKG,
  PROJECT_TOKEN_POOL: V3_PKG_USDC.address,
  PROJECT_DEV_WALLETS: UNISWAP_DEV_WALLET,
  PROJECT_BURN_ADDRESSES: UNISWAP_DEAD,
};

export interface Site {
  url: string;
  /** The server's PKG_DATA_DIR (pkg-admin reaches its store through it). */
  dataDir: string;
  server: SpawnedServer;
  doubles: Doubles;
  chain: UniswapPoolsDouble;
  browser: Browser;
  /** Put the doubles back as they were (each test starts from the same vendors). */
  reset(): void;
  close(): Promise<void>;
}

export async function startSite(options: { env?: Record<string, string> } = {}): Promise<Site> {
  const [doubles, chain] = await Promise.all([startDoubles(), startUniswapPoolsDouble()]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pkg-e2e-site-'));
  const reset = () => {
    doubles.reset();
    chain.reset();
    doubles.dexscreener.pairs = [...DEX_PAIRS, PKG_PAIR];
    doubles.geckoterminal.ohlcvPools.set(V3_PKG_USDC.address, PKG_OHLCV);
  };
  reset();
  const dataEnv = Object.fromEntries(
    Object.entries(withOnlyRpc(doubles.env, chain.url)).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;
  const server = await spawnServer({
    ...dataEnv,
    ...PROJECT_TOKEN_ENV,
    // The model the AI procedures (Ask, the explainer) ask, one the OpenRouter double serves.
    AI_DEFAULT_MODEL: OPENROUTER_MODEL,
    PKG_DATA_DIR: dataDir,
    PKG_WEB_DIR: webDist,
    // One browser opens every page again and again (two themes, two widths) from one address,
    // far past a visitor's 600 requests a minute: the public rate limit has its own tests.
    PKG_RATE_LIMIT_PUBLIC: '0',
    ...options.env,
  });
  const browser = await launchBrowser();
  return {
    url: server.url,
    dataDir,
    server,
    doubles,
    chain,
    browser,
    reset,
    async close() {
      await browser.close();
      await server.stop();
      await Promise.all([doubles.close(), chain.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Every URL the page requested, in order (documents, scripts, styles, fetches, images …). */
  requests: string[];
  close(): Promise<void>;
}

/** Opens `pathname` in a fresh context (no cookies, no storage) at the given width. */
export async function openPage(site: Site, pathname: string, width: number = WIDTHS[0]): Promise<OpenedPage> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (req) => requests.push(req.url()));
  await page.goto(`${site.url}${pathname}`);
  return { page, context, requests, close: () => context.close() };
}

/** The requests that went anywhere but `origin` (data: and blob: URLs stay in the page). */
export function foreignRequests(requests: readonly string[], origin: string): string[] {
  return requests.filter(
    (url) => !url.startsWith(`${origin}/`) && url !== origin && !/^(data|blob|about):/.test(url),
  );
}

/** A full-page screenshot at each width, written as `<name>-<width>.png` under SCREENSHOT_DIR. */
export async function screenshots(
  page: Page,
  name: string,
  ready: (page: Page) => Promise<void>,
): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const written: string[] = [];
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await ready(page);
    const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    written.push(file);
  }
  if (original) await page.setViewportSize(original);
  return written;
}

/** Whether the page is wider than the viewport (a horizontal scrollbar on the whole page). */
export const overflowsViewport = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's violations of impact serious or critical on the page as it is now. The script is
 * evaluated over the DevTools protocol, which the page's Content-Security-Policy does not govern
 * (the page itself still runs no inline script).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
  });
}
