// A person screens the newest pools, opens a wallet and has a contract explained (/screener,
// /wallet, /wallet/$address, /explain of docs/website.md, "Pages"), against the vendor doubles:
// GeckoTerminal's new pools (shared/test/vendors/geckoterminal-server.ts: "EXM / WETH 0.3%" with
// $98,873.55 of liquidity and "EXM / WETH" with $41,000.20, both of token 0x2222…), GoPlus's
// reports (goplus-server.ts: the token's slippage_modifiable "1" raises "tax can be changed",
// sell_tax "" and the missing hidden_owner leave those undetermined; the address report raises
// phishing_activities), Blockscout's balances, transfers and verified UniversalRouter
// (blockscout-server.ts). Every page makes no request to another origin, has no serious axe
// violation at 1280 px and does not overflow at 375 px.
import { GT, PRICED_HOLDER, ROUTER, TOKEN, TX, UNISWAP_PKG, WALLET } from '@pkg/shared/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  foreignRequests,
  openPage,
  overflowsViewport,
  screenshots,
  seriousViolations,
  startSite,
  type OpenedPage,
  type Site,
} from './site.js';

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

beforeEach(() => {
  site.reset();
});

/** The page is clean: nothing left for another origin, no serious axe violation, no overflow at 375 px. */
async function checkPage(opened: OpenedPage, name: string, ready: (page: Page) => Promise<void>) {
  const { page, requests } = opened;
  expect(foreignRequests(requests, site.url)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, name, ready);
  await page.setViewportSize({ width: 375, height: 900 });
  await ready(page);
  expect(await overflowsViewport(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const searchParam = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

describe('/screener', () => {
  test('lists the new pools with their flags; the form filters through the URL; a bad param is ignored', async () => {
    const opened = await openPage(site, '/screener');
    const { page } = opened;
    const rows = page.getByTestId('screener-pool');
    await rows.first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Screener');
    expect(await rows.count()).toBe(2);
    const v3 = rows.filter({ hasText: 'EXM / WETH 0.3%' });
    const v3Text = await v3.textContent();
    expect(v3Text).toContain('uniswap_v3');
    expect(v3Text).toContain('$0.02975');
    expect(v3Text).toContain('$98,873.55');
    expect(v3Text).toContain('$18,586.21');
    // GoPlus: slippage_modifiable "1" → raised; sell_tax "" and the missing hidden_owner → undetermined.
    expect(await v3.locator('.flag.flag-raised').allTextContents()).toEqual(['tax can be changed']);
    expect(v3Text).toContain('Not determined: tax above 10 %, hidden owner');
    expect(await v3.getByTestId('source-name').textContent()).toBe('GoPlus Security');
    const panel = page.getByTestId('panel-pools');
    expect(await panel.getByTestId('source-name').first().textContent()).toBe('GeckoTerminal');
    expect(await page.getByTestId('screener-counts').textContent()).toContain('2 pools listed, 2 shown');
    expect(await page.getByTestId('not-advice').textContent()).toBe('Market data is not financial advice.');
    await checkPage(opened, 'screener', (p) => p.getByTestId('screener-pool').first().waitFor());

    // Minimum liquidity $50,000 leaves out the $41,000.20 pool.
    await page.getByLabel('Minimum liquidity (USD)').fill('50000');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => searchParam(page, 'minLiquidityUsd')).toBe('50000');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('EXM / WETH 0.3%');
    expect(await page.getByTestId('screener-counts').textContent()).toContain('Left out: 1 by liquidity');

    // Requiring "tax can be changed" to be clear leaves out every pool (keyboard: select, Enter).
    await page.getByText('Filter by the security flags').click();
    await page.getByLabel('tax can be changed').selectOption('exclude');
    await page.getByLabel('Minimum liquidity (USD)').press('Enter');
    await expect.poll(() => searchParam(page, 'exclude')).toContain('modifiable-tax');
    await page.getByTestId('screener-empty').waitFor();
    expect(await page.getByTestId('screener-counts').textContent()).toContain('1 by flags');
    expect(foreignRequests(opened.requests, site.url)).toEqual([]);
    await opened.close();
  });

  test('a link with an invalid filter still renders the list and names the ignored filter', async () => {
    const opened = await openPage(site, '/screener?maxAgeHours=999');
    const { page } = opened;
    await page.getByTestId('screener-pool').first().waitFor();
    expect(await page.getByTestId('screener-pool').count()).toBe(2);
    expect(await page.getByTestId('ignored-filters').textContent()).toContain('maximum age');
    expect(await page.getByLabel(/Maximum age/).inputValue()).toBe('');
    expect(searchParam(page, 'maxAgeHours')).toBeNull();
    expect(await page.getByTestId('screener-counts').textContent()).toContain(
      'Left out: 0 by liquidity, 0 by age',
    );
    expect(foreignRequests(opened.requests, site.url)).toEqual([]);
    await opened.close();
  });
});

// Blockscout PRO API GET /addresses/{hash}/token-balances ("TokenBalance" of pro-api-v12.json,
// https://docs.blockscout.com/devs/apis/rest): USDG (which no price source lists) and 2,500,000
// EXM of 18 decimals, the token the market doubles price (GT.token).
const token = (address: string, name: string, symbol: string, decimals: string) => ({
  address_hash: address,
  name,
  symbol,
  decimals,
  type: 'ERC-20',
  total_supply: null,
  holders_count: '2',
  exchange_rate: null,
  circulating_market_cap: null,
  volume_24h: null,
  icon_url: null,
  reputation: 'ok',
});
const USDG = token(TOKEN, 'Global Dollar', 'USDG', '6');
const EXM = token(GT.token, 'Example', 'EXM', '18');
const PRICED_BALANCES = [
  { token: USDG, token_id: null, token_instance: null, value: '1000000' },
  { token: EXM, token_id: null, token_instance: null, value: (2_500_000n * 10n ** 18n).toString() },
];
const party = (hash: string) => ({ hash, is_contract: false, is_verified: null, name: null });
// GET /addresses/{hash}/token-transfers ("TokenTransfer" of pro-api-v12.json): one USDG transfer
// into the wallet.
const PRICED_TRANSFERS = {
  items: [
    {
      transaction_hash: TX,
      block_number: 79_282_848,
      log_index: 5,
      timestamp: '2026-09-03T04:03:07.000000Z',
      from: party(WALLET),
      to: party(PRICED_HOLDER),
      token: USDG,
      token_type: 'ERC-20',
      total: { value: '1500000', decimals: '6' },
      type: 'token_transfer',
      method: 'transfer',
    },
  ],
  next_page_params: null,
};

describe('/wallet', () => {
  test('a bad address is refused in place; a wallet shows values where priced, "—" where not, and transfers', async () => {
    const opened = await openPage(site, '/wallet');
    const { page } = opened;
    const input = page.getByLabel('Wallet address');
    await input.fill('0x1234');
    await page.getByRole('button', { name: 'Show wallet' }).click();
    await page.getByTestId('address-error').waitFor();
    expect(await page.getByTestId('address-error').textContent()).toContain('0x followed by 40 hex digits');
    expect(new URL(page.url()).pathname).toBe('/wallet');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // The explorer's answers are held until both requests arrived, then answered in that order.
    const blockscout = site.doubles.blockscout;
    let release = () => {};
    blockscout.stall = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await input.fill(PRICED_HOLDER);
      await input.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/wallet/${PRICED_HOLDER}`);
      const mine = () => blockscout.paths.filter((p) => p.toLowerCase().includes(PRICED_HOLDER));
      await expect.poll(() => mine().length).toBe(2);
      for (const path of mine())
        blockscout.failNext.push({
          status: 200,
          body: path.endsWith('/token-balances') ? PRICED_BALANCES : PRICED_TRANSFERS,
        });
    } finally {
      blockscout.stall = undefined;
      release();
    }
    const holdings = page.getByTestId('holding');
    await holdings.first().waitFor();
    expect(await holdings.count()).toBe(2);
    const exm = holdings.filter({ hasText: 'EXM' });
    const usdg = holdings.filter({ hasText: 'USDG' });
    expect(await exm.textContent()).toContain('2,500,000');
    // CoinGecko's simple token_price for 0x2222… is 0.0000001234 USD (coingecko-server.ts):
    // 2,500,000 × 0.0000001234 = $0.3085.
    expect(await exm.getByTestId('source-name').textContent()).toBe('CoinGecko');
    const value = (await exm.getByTestId('holding-value').textContent()) ?? '';
    expect(value).toBe('$0.3085');
    expect(await usdg.getByTestId('holding-value').textContent()).toBe('— no price source lists this token');
    expect(await page.getByTestId('holdings-unvalued').textContent()).toBe('1');
    expect(await page.getByTestId('holdings-valued').textContent()).toBe(value);
    const transfer = page.getByTestId('transfer');
    expect(await transfer.count()).toBe(1);
    const transferText = await transfer.first().textContent();
    expect(transferText).toContain('in');
    expect(transferText).toContain('USDG');
    expect(transferText).toContain('1.5');
    expect(transferText).toContain('from 0x1f0c…2a42');
    expect(transferText).toContain('0x9ab4…117c');
    expect(await page.getByTestId('not-advice').count()).toBe(1);
    await checkPage(opened, 'wallet', (p) => p.getByTestId('holding').first().waitFor());
    await opened.close();
  });

  test('an invalid address in the URL gets a message, not a crash', async () => {
    const opened = await openPage(site, '/wallet/not-an-address');
    await opened.page.getByTestId('invalid-address').waitFor();
    expect(await opened.page.getByTestId('invalid-address').textContent()).toContain(
      'is not a wallet address',
    );
    expect(foreignRequests(opened.requests, site.url)).toEqual([]);
    await opened.close();
  });
});

describe('/explain', () => {
  test('a verified contract shows its functions and the security flags of its address', async () => {
    const opened = await openPage(site, `/explain?address=${ROUTER}`);
    const { page } = opened;
    await page.getByTestId('contract-name').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Explain a contract');
    expect(await page.getByTestId('contract-name').textContent()).toBe('UniversalRouter');
    expect(await page.getByTestId('panel-interface').textContent()).toContain('v0.8.17+commit.8df45f5f');
    expect(await page.getByTestId('functions-write').textContent()).toContain('execute() · payable');
    expect(await page.getByTestId('not-audit').textContent()).toBe('Not a source review or audit.');
    const security = page.getByTestId('panel-security');
    expect(await security.locator('.flag.flag-raised').allTextContents()).toEqual(['Phishing activities']);
    expect(await security.getByTestId('security-clear').textContent()).toContain('Sanctioned');
    expect(await security.getByTestId('source-name').textContent()).toBe('GoPlus Security');
    expect(await page.getByLabel('Contract address').inputValue()).toBe(ROUTER);
    await checkPage(opened, 'explain', (p) => p.getByTestId('contract-name').waitFor());
    await opened.close();
  });

  test('a contract without verified source says it cannot be explained; the form navigates by URL', async () => {
    const opened = await openPage(site, '/explain?address=0xnope');
    const { page } = opened;
    await page.getByTestId('ignored-address').waitFor();
    expect(await page.getByTestId('panel-interface').count()).toBe(0);
    await page.getByLabel('Contract address').fill('0xnope');
    await page.getByRole('button', { name: 'Explain' }).click();
    await page.getByTestId('address-error').waitFor();
    expect(await page.getByTestId('panel-interface').count()).toBe(0);
    await page.getByLabel('Contract address').fill(UNISWAP_PKG);
    await page.getByRole('button', { name: 'Explain' }).click();
    await expect.poll(() => searchParam(page, 'address')).toBe(UNISWAP_PKG);
    await page.getByTestId('not-explained').waitFor();
    expect(await page.getByTestId('not-explained').textContent()).toBe(
      'This contract’s source is not verified, so it cannot be explained.',
    );
    expect(await page.getByTestId('panel-interface').getByTestId('section-reason').textContent()).toContain(
      'Not found',
    );
    await checkPage(opened, 'explain-unverified', (p) => p.getByTestId('not-explained').waitFor());
    await opened.close();
  });
});
