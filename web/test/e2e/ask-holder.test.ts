// A holder signs in on /ask with a browser wallet and asks (docs/website.md, "Ask"): the wallet is
// an EIP-1193 provider (https://eips.ethereum.org/EIPS/eip-1193: `request({ method, params })`,
// eth_requestAccounts, eth_chainId, personal_sign with the message as hex and the address)
// backed by a viem local account with a fresh key, so the signature is a real one the server
// recovers. The chain double gives that account 200,000 project tokens (balanceOf, 18 decimals),
// above the default HOLDER_PASS_THRESHOLD of 100,000. The OpenRouter double answers the question
// with two scripted completions: a call of the `odds` tool
// (https://openrouter.ai/docs/features/tool-calling: message.tool_calls, finish_reason
// "tool_calls"), then text (https://openrouter.ai/docs/api-reference/overview, the response
// object: choices[0].message.content, finish_reason "stop", and `model`, the model that actually
// answered: here another than the one asked for, as OpenRouter's router and model fallbacks can
// do); the odds come from the Polymarket double. The page names the model that answered.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { OPENROUTER_BARE_MODEL, ROUTER, TOKEN, setPkgBalance } from '@pkg/shared/testing';
import {
  foreignRequests,
  openPage,
  overflowsViewport,
  screenshots,
  seriousViolations,
  startSite,
  type Site,
} from './site.js';

const account = privateKeyToAccount(generatePrivateKey());
let site: Site;

beforeAll(async () => {
  site = await startSite();
  setPkgBalance(account.address, 200_000n * 10n ** 18n);
});

afterAll(async () => {
  setPkgBalance(account.address, 0n);
  await site?.close();
});

/** The browser wallet of the test: window.ethereum answering from the account above. */
async function installWallet(page: Page): Promise<void> {
  await page.exposeFunction('__pkgTestSign', (message: string) => account.signMessage({ message }));
  await page.addInitScript((address: string) => {
    const sign = (window as unknown as { __pkgTestSign: (m: string) => Promise<string> }).__pkgTestSign;
    const utf8 = (hex: string) =>
      new TextDecoder().decode(
        Uint8Array.from((hex.slice(2).match(/../g) ?? []).map((byte) => parseInt(byte, 16))),
      );
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'eth_chainId') return '0x1237';
        if (method === 'personal_sign') return sign(utf8(String(params?.[0])));
        throw Object.assign(new Error(`unsupported method ${method}`), { code: 4200 });
      },
      on: () => undefined,
      removeListener: () => undefined,
    };
  }, account.address);
}

const quotaLine = (page: Page) => page.getByTestId('quota-line');

test('a holder connects a wallet, gets 50 questions a day and asks one', async () => {
  site.reset();
  const opened = await openPage(site, '/ask');
  const { page, requests } = opened;
  await installWallet(page);
  await page.reload();

  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Ask');
  await expect.poll(() => quotaLine(page).textContent()).toContain('10 questions left today as a visitor');
  expect(await page.getByText('You will sign a message. No transaction, no gas, no approval.').count()).toBe(
    1,
  );

  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await expect
    .poll(() => quotaLine(page).textContent(), { timeout: 20_000 })
    .toContain('50 questions left today as a holder');
  expect(await quotaLine(page).textContent()).toContain('resets at 00:00 UTC');
  const stored = await page.evaluate(() => localStorage.getItem('pkg.holderPass'));
  const pass = JSON.parse(stored ?? '{}') as { pass?: string; address?: string; expiresAt?: string };
  expect(pass.address).toBe(account.address);
  expect(pass.pass?.split('.')).toHaveLength(3);
  expect(new Date(pass.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60_000);
  const holder = await page.getByTestId('holder-pass').textContent();
  expect(holder).toContain(`Holder pass for ${account.address.slice(0, 6)}…${account.address.slice(-4)}`);
  expect(holder).toContain('valid until');

  // One question: the model reads the odds (a tool call), then another model answers with text.
  site.doubles.openrouter.replies.push(
    { toolCalls: [{ name: 'odds', arguments: '{}' }] },
    { content: 'The project token trades on its Uniswap v3 pool.', model: OPENROUTER_BARE_MODEL },
  );
  await page.getByLabel('Your question').fill('Where does the project token trade?');
  expect(await page.getByTestId('question-count').textContent()).toBe('35 / 500 characters');
  await page.getByRole('button', { name: 'Ask' }).click();
  const answer = page.getByTestId('answer');
  await answer.waitFor({ timeout: 20_000 });
  const text = await answer.getByTestId('answer-text').textContent();
  expect(text).toContain('The project token trades on its Uniswap v3 pool.');
  expect(text).toContain('Market data is not financial advice.');
  const sources = answer.getByTestId('answer-sources').getByRole('listitem');
  expect(await sources.count()).toBeGreaterThan(0);
  expect(await sources.first().textContent()).toMatch(/^Polymarket Gamma API · \d+ s ago \(read by odds\)$/);
  expect(await answer.getByTestId('answered-by').textContent()).toBe(
    `Answered by ${OPENROUTER_BARE_MODEL} (OpenRouter)`,
  );
  expect(await page.getByTestId('not-advice').textContent()).toBe('Market data is not financial advice.');
  await expect.poll(() => quotaLine(page).textContent()).toContain('49 questions left today as a holder');

  expect(foreignRequests(requests, site.url)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'ask-holder', (p) => p.getByTestId('answer').waitFor());
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await overflowsViewport(page)).toBe(false);

  // Forgetting the pass puts the visitor's counter back.
  await page.getByRole('button', { name: 'Forget pass' }).click();
  expect(await page.evaluate(() => localStorage.getItem('pkg.holderPass'))).toBeNull();
  await expect.poll(() => quotaLine(page).textContent()).toContain('questions left today as a visitor');
  await opened.close();
});

// The explainer on /explain: the OpenRouter double answers the json_schema response_format with
// this JSON text as the message content (https://openrouter.ai/docs/features/structured-outputs),
// the response's `model` naming another model than the one asked for.
const EXPLANATION = {
  summary: 'A router that runs a list of swap commands for the caller in one transaction.',
  functions: [{ signature: 'execute()', meaning: 'Runs the encoded commands; it can move your tokens.' }],
  flags: [{ flag: 'Phishing activities', meaning: 'The security source links this address to phishing.' }],
};

test('/explain shows the model’s explanation of a verified contract, and none for an unverified one', async () => {
  site.reset();
  site.doubles.openrouter.replies.push({
    content: JSON.stringify(EXPLANATION),
    model: OPENROUTER_BARE_MODEL,
  });
  const opened = await openPage(site, `/explain?address=${ROUTER}`);
  const { page, requests } = opened;
  const panel = page.getByTestId('panel-explanation');
  await panel.getByTestId('explanation-summary').waitFor({ timeout: 20_000 });
  expect(await panel.getByTestId('explanation-summary').textContent()).toBe(EXPLANATION.summary);
  expect(await panel.getByTestId('explanation-notice').textContent()).toContain(
    'Not a source review or an audit.',
  );
  expect(await panel.getByTestId('explanation-model').textContent()).toMatch(
    new RegExp(
      `^Written by ${OPENROUTER_BARE_MODEL} \\(OpenRouter\\) on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$`,
    ),
  );
  const row = panel.getByTestId('explanation-functions').getByRole('row', { name: /execute\(\)/ });
  expect(await row.textContent()).toContain('Runs the encoded commands; it can move your tokens.');
  expect(await panel.getByTestId('explanation-flags').textContent()).toContain('Phishing activities');
  expect(foreignRequests(requests, site.url)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'explain-explanation', (p) => p.getByTestId('explanation-summary').waitFor());
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await overflowsViewport(page)).toBe(false);
  await opened.close();

  // A contract without verified source: cannot be explained, and no model is asked.
  const calls = site.doubles.openrouter.calls.length;
  const unverified = await openPage(site, `/explain?address=${TOKEN}`);
  await unverified.page.getByTestId('explanation-unavailable').waitFor({ timeout: 20_000 });
  expect(await unverified.page.getByTestId('explanation-unavailable').textContent()).toContain(
    'This contract cannot be explained',
  );
  expect(site.doubles.openrouter.calls.length).toBe(calls);
  await unverified.close();
});
