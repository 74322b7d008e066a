// The premium's three rules (docs/website.md, "Premium"), on quotes shaped like the issuer's
// `GET /rhj/prices/{SYMBOL}` (raw underlying bid/ask strings) and assets' `currentMultiplier`.
import { describe, expect, test } from 'vitest';
import { computePremium, premiumReference } from '../../src/services/website/premium.js';

const AAPL = '0xaF3D76f1834A1d425780943C99Ea8A608f8a93f9';
const LOOKALIKE = '0x1111111111111111111111111111111111111111';
const pool = (
  token: string,
  priceUsd: string | undefined,
  pool = '0x' + 'a'.repeat(40),
  liquidityUsd = 1000,
) => ({
  pool,
  token,
  priceUsd,
  dex: 'uniswap',
  liquidityUsd,
  source: 'dexscreener',
});

describe('rule 1: a tight issuer quote', () => {
  test('bid and ask within 2 %: the reference is their middle times the multiplier', () => {
    const result = computePremium({
      symbol: 'AAPL',
      contract: AAPL,
      multiplier: '1.000566080061092436',
      quote: { bid: '226.41', ask: '226.47' },
      lastClose: 220,
      pools: [pool(AAPL.toLowerCase(), '228.00')],
    });
    const reference = 226.44 * Number('1.000566080061092436');
    expect(result.reference).toMatchObject({ basis: 'issuer quote', price: reference });
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ dexPrice: '228.00', lastClose: false });
    expect(result.rows[0]?.premium).toBeCloseTo(228 / reference - 1, 12);
  });

  test('a spread of exactly 2 % is still tight; the multiplier is applied once', () => {
    // middle 100, ask - bid = 2 → spread 0.02
    const ref = premiumReference({ quote: { bid: '99', ask: '101' }, multiplier: '2', lastClose: 50 });
    expect(ref).toEqual({ price: 200, basis: 'issuer quote', spread: 0.02 });
  });
});

describe('rule 2: a widened quote (market closed) uses the last close', () => {
  test('a weekend spread of 4 %: last close times the multiplier, rows marked last close', () => {
    const result = computePremium({
      symbol: 'NVDA',
      contract: AAPL,
      multiplier: '1.5',
      quote: { bid: '98', ask: '102.1' },
      lastClose: 100,
      pools: [pool(AAPL, '153')],
    });
    expect(result.reference).toMatchObject({ basis: 'last close', price: 150 });
    expect(result.reference?.spread).toBeCloseTo(4.1 / 100.05, 12);
    expect(result.rows[0]).toMatchObject({ lastClose: true, referencePrice: 150 });
    expect(result.rows[0]?.premium).toBeCloseTo(0.02, 12);
  });

  test('no tight quote and no last close: no reference and no rows, never an invented price', () => {
    const result = computePremium({
      symbol: 'X',
      contract: AAPL,
      multiplier: '1',
      quote: { bid: '90', ask: '110' },
      pools: [pool(AAPL, '100')],
    });
    expect(result.reference).toBeUndefined();
    expect(result.rows).toEqual([]);
  });
});

describe('rule 3: only the issuer contract counts', () => {
  test('a look-alike token reusing the ticker is left out and counted; unpriced pools too', () => {
    const result = computePremium({
      symbol: 'AAPL',
      contract: AAPL,
      multiplier: '1',
      quote: { bid: '100', ask: '100.5' },
      pools: [
        pool(AAPL, '101', '0x' + '1'.repeat(40), 500),
        pool(LOOKALIKE, '3', '0x' + '2'.repeat(40)),
        pool(AAPL, undefined, '0x' + '3'.repeat(40)),
        pool(AAPL, '100', '0x' + '4'.repeat(40), 9000),
      ],
    });
    expect(result.lookalikesExcluded).toBe(1);
    expect(result.unpriced).toBe(1);
    expect(result.rows.map((r) => r.pool)).toEqual(['0x' + '4'.repeat(40), '0x' + '1'.repeat(40)]);
    expect(result.rows.every((r) => !r.lastClose)).toBe(true);
  });
});
