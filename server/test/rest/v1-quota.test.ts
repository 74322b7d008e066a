// Ask's daily quotas through POST /v1/ask (docs/public-api.md, "Ask", "Limits"): a visitor has 10
// questions a day, the 11th is 429 QUOTA_EXCEEDED with Retry-After to the next 00:00 UTC and a
// message saying when; after midnight questions are allowed again. A holder with a pass has 50,
// counted on the wallet's counter, and the balance is read on chain (balanceOf) for every
// question: once it is under the threshold, the next question counts as the visitor's. The model
// is the OpenRouter double, scripted with text replies (the chat-completions response of
// https://openrouter.ai/docs/api-reference/overview, as the double builds it).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { ASK_LIMITS } from '@pkg/shared';
import { UNISWAP_PKG, setPkgBalance, type Doubles, type UniswapPoolsDouble } from '@pkg/shared/testing';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { holderPass } from '../helpers/holder-sign-in.js';
import { openApiCheck } from '../helpers/openapi-check.js';
import { aiFakeClock, startAiTestServer, type AiTestServer } from '../helpers/ai-test-server.js';
import type { TestServer } from '../helpers/start-test-server.js';

let stack: AiTestServer;
let d: Doubles;
let chain: UniswapPoolsDouble;
let server: TestServer;
const fc = aiFakeClock();
const now = () => new Date(fc.now());
const WHOLE = 10n ** 18n;
const BALANCE_OF = '0x70a08231';
const account = privateKeyToAccount(generatePrivateKey());

beforeAll(async () => {
  stack = await startAiTestServer(now, { PKG_TRUST_PROXY: 'loopback', PKG_RATE_LIMIT_V1: '0' });
  ({ d, chain, server } = stack);
});
beforeEach(() => d.reset());
afterEach(() => setPkgBalance(account.address, 0n));
afterAll(async () => {
  await stack?.close();
});

interface Answer {
  answer: string;
  kind: string;
  holder: string;
  limit: number;
  remaining: number;
  resetsAt: string;
}
interface ErrorBody {
  error: { code: string; message: string };
}

/** One question from the visitor `ip` (X-Forwarded-For), the model answering `reply`. */
async function ask(ip: string, pass?: string, reply = 'The pool holds PKG and USDC.') {
  d.openrouter.replies.push({ content: reply });
  return fetch(`${server.url}/v1/ask`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(pass ? { authorization: `Bearer ${pass}` } : {}),
    },
    body: JSON.stringify({ question: 'What is in the PKG pool?' }),
  });
}
const quotaOf = async (ip: string, pass?: string) =>
  (await (
    await fetch(`${server.url}/v1/ask/quota`, {
      headers: { 'x-forwarded-for': ip, ...(pass ? { authorization: `Bearer ${pass}` } : {}) },
    })
  ).json()) as Answer;

/** Seconds from the fake clock to the next 00:00 UTC. */
const toMidnight = () => {
  const day = 86_400_000;
  return Math.ceil((Math.floor(fc.now() / day) * day + day - fc.now()) / 1000);
};

describe('a visitor', () => {
  test('has 10 questions a day; the 11th is 429 QUOTA_EXCEEDED until 00:00 UTC', async () => {
    const ip = '198.51.100.10';
    const openapi = await openApiCheck(server.url);
    expect(openapi.documentErrors).toBeUndefined();
    expect(openapi.answerErrors('/v1/ask/quota', await quotaOf(ip))).toEqual([]);
    expect(await quotaOf(ip)).toEqual({
      kind: 'visitor',
      holder: 'none',
      limit: 10,
      remaining: 10,
      resetsAt: '2031-03-11T00:00:00.000Z',
    });
    for (let i = 1; i <= ASK_LIMITS.visitorPerDay; i++) {
      const res = await ask(ip);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as Answer;
      expect(body).toMatchObject({ kind: 'visitor', holder: 'none', limit: 10, remaining: 10 - i });
      expect(body.answer).toContain('The pool holds PKG and USDC.');
    }
    const completions = d.openrouter.calls.length;
    const refused = await ask(ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(toMidnight()));
    expect(refused.headers.get('retry-after')).toBe('43200');
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('QUOTA_EXCEEDED');
    expect(body.error.message).toBe(
      'You have used your 10 questions for today; they reset at 00:00 UTC (in 12 h).',
    );
    // No model call for a refused question.
    expect(d.openrouter.calls.length).toBe(completions);
    // Another visitor is not affected.
    expect((await ask('198.51.100.11')).status).toBe(200);

    // Five hours and twelve minutes before midnight, the message says so.
    fc.advance(6 * 3_600_000 + 48 * 60_000);
    const later = await ask(ip);
    expect(later.status).toBe(429);
    expect(((await later.json()) as ErrorBody).error.message).toMatch(/\(in 5 h 12 min\)\.$/);
    expect(later.headers.get('retry-after')).toBe(String(5 * 3_600 + 12 * 60));

    // Past midnight: a new day, ten new questions.
    fc.advance(toMidnight() * 1000 + 1_000);
    const next = await ask(ip);
    expect(next.status).toBe(200);
    expect(await next.json()).toMatchObject({
      limit: 10,
      remaining: 9,
      resetsAt: '2031-03-12T00:00:00.000Z',
    });
  });
});

describe('a holder', () => {
  test('has 50 questions while the balance read for each question is at least the threshold', async () => {
    const ip = '198.51.100.20';
    setPkgBalance(account.address, 200_000n * WHOLE);
    const pass = await holderPass(server.url, account, now(), { 'x-forwarded-for': ip });
    expect(await quotaOf(ip, pass)).toMatchObject({
      kind: 'holder',
      holder: 'holder',
      limit: 50,
      remaining: 50,
    });

    // The visitor's own counter: two questions without the pass.
    for (let i = 0; i < 2; i++) expect((await ask(ip)).status).toBe(200);

    for (let i = 1; i <= 11; i++) {
      const before = chain.ethCalls.filter((c) => c.selector === BALANCE_OF).length;
      const res = await ask(ip, pass);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        kind: 'holder',
        holder: 'holder',
        limit: 50,
        remaining: 50 - i,
      });
      // A balanceOf of the project token for every question: a fresh read, not a cached one.
      const reads = chain.ethCalls.filter((c) => c.selector === BALANCE_OF);
      expect(reads.length).toBe(before + 1);
      expect(reads.at(-1)?.to).toBe(UNISWAP_PKG.toLowerCase());
    }

    // Sold: the next question is the visitor's (10 - 2 used - this one).
    setPkgBalance(account.address, 99_999n * WHOLE);
    const before = chain.ethCalls.filter((c) => c.selector === BALANCE_OF).length;
    const res = await ask(ip, pass);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      kind: 'visitor',
      holder: 'below-threshold',
      limit: 10,
      remaining: 7,
    });
    expect(chain.ethCalls.filter((c) => c.selector === BALANCE_OF).length).toBe(before + 1);
    expect(await quotaOf(ip)).toMatchObject({ kind: 'visitor', holder: 'none', remaining: 7 });

    // Bought back: the holder's counter again, where it was.
    setPkgBalance(account.address, 100_000n * WHOLE);
    expect(await quotaOf(ip, pass)).toMatchObject({ kind: 'holder', limit: 50, remaining: 39 });
  });
});
