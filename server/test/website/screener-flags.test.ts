// The screener's rules (docs/public-api.md, GET /v1/screener): flags read from a token security
// report shaped as the data layer returns GoPlus's (camelCase, "1"/"0" as booleans, taxes as
// fractions, a member GoPlus could not determine absent), the market filters, and the flag
// filters that never take an unread or undetermined pool for safe.
import { describe, expect, test } from 'vitest';
import { screenerFlagsOf, screenerParamsSchema, type Section, type TokenFlags } from '@pkg/shared';
import {
  ageHours,
  filterByFlags,
  filterByMarket,
  tokenFlags,
  type TokenReport,
} from '../../src/services/website/screener-flags.js';
import { screenerFilters } from '../../src/services/website/screener.js';

const TOKEN = `0x${'2'.repeat(40)}`;
/** A clean report: every flag the screener reads is determined and clear. */
const clean: TokenReport = {
  isHoneypot: false,
  cannotBuy: false,
  cannotSellAll: false,
  buyTaxFraction: 0,
  sellTaxFraction: 0,
  slippageModifiable: false,
  personalSlippageModifiable: false,
  isMintable: false,
  canTakeBackOwnership: false,
  ownerChangeBalance: false,
  hiddenOwner: false,
  selfdestruct: false,
  externalCall: false,
  isProxy: false,
  transferPausable: false,
  isBlacklisted: false,
  tradingCooldown: false,
  isOpenSource: true,
  isAirdropScam: false,
  fakeToken: { counterfeit: false },
  holderCount: 1534,
};

describe('tokenFlags', () => {
  test('a fully determined clean report raises nothing and leaves nothing undetermined', () => {
    expect(tokenFlags(TOKEN, clean)).toEqual({
      token: TOKEN,
      raised: [],
      undetermined: [],
      buyTaxFraction: 0,
      sellTaxFraction: 0,
      holderCount: 1534,
    });
  });

  test('a honeypot with a 12 % sell tax, closed source and a counterfeit mark', () => {
    const flags = tokenFlags(TOKEN, {
      ...clean,
      isHoneypot: true,
      sellTaxFraction: 0.12,
      isOpenSource: false,
      fakeToken: { counterfeit: true },
    });
    expect(flags.raised).toEqual(['honeypot', 'high-tax', 'closed-source', 'counterfeit']);
    expect(flags.undetermined).toEqual([]);
  });

  test('a tax of exactly 10 % is not high; an absent member is undetermined, never clear', () => {
    const { isHoneypot: _h, sellTaxFraction: _s, fakeToken: _f, ...partial } = clean;
    const flags = tokenFlags(TOKEN, { ...partial, buyTaxFraction: 0.1 });
    expect(flags.raised).toEqual([]);
    expect(flags.undetermined).toEqual(['honeypot', 'high-tax', 'counterfeit']);
    expect(flags).not.toHaveProperty('sellTaxFraction');
  });

  test('a composite flag is raised by either part even when the other is undetermined', () => {
    const { personalSlippageModifiable: _p, ...partial } = clean;
    expect(tokenFlags(TOKEN, { ...partial, slippageModifiable: true }).raised).toEqual(['modifiable-tax']);
    expect(tokenFlags(TOKEN, partial).undetermined).toEqual(['modifiable-tax']);
  });

  test('an empty report (GoPlus determined nothing) leaves every flag undetermined', () => {
    const flags = tokenFlags(TOKEN, {});
    expect(flags.raised).toEqual([]);
    expect(flags.undetermined).toHaveLength(18);
  });
});

describe('filterByMarket', () => {
  const now = new Date('2026-10-01T12:00:00Z');
  const pools = [
    { id: 'deep-new', liquidityUsd: 98873.55, createdAt: '2026-10-01T09:00:00Z' },
    { id: 'shallow', liquidityUsd: 500, createdAt: '2026-10-01T11:00:00Z' },
    { id: 'no-liquidity', createdAt: '2026-10-01T11:00:00Z' },
    { id: 'deep-old', liquidityUsd: 41000.2, createdAt: '2026-09-30T00:00:00Z' },
    { id: 'no-time', liquidityUsd: 20000 },
  ];

  test('without filters every pool stays', () => {
    expect(filterByMarket(pools, {}, now)).toEqual({ kept: pools, liquidity: 0, age: 0 });
  });

  test('minimum liquidity leaves out shallow pools and those whose liquidity is not reported', () => {
    const r = filterByMarket(pools, { minLiquidityUsd: 10_000 }, now);
    expect(r.kept.map((p) => p.id)).toEqual(['deep-new', 'deep-old', 'no-time']);
    expect(r.liquidity).toBe(2);
  });

  test('maximum age leaves out older pools and those without a creation time', () => {
    const r = filterByMarket(pools, { minLiquidityUsd: 10_000, maxAgeHours: 6 }, now);
    expect(r.kept.map((p) => p.id)).toEqual(['deep-new']);
    expect(r).toMatchObject({ liquidity: 2, age: 2 });
  });

  test('ageHours: hours to two decimals; unreadable or absent times are absent', () => {
    expect(ageHours('2026-10-01T09:00:00Z', now)).toBe(3);
    expect(ageHours('2026-10-01T11:40:00Z', now)).toBe(0.33);
    expect(ageHours('not a time', now)).toBeUndefined();
    expect(ageHours(undefined, now)).toBeUndefined();
  });
});

describe('filterByFlags', () => {
  const read = (raised: TokenFlags['raised'], undetermined: TokenFlags['undetermined'] = []) => ({
    status: 'LIVE' as const,
    data: { token: TOKEN, raised, undetermined },
  });
  const unread: Section<TokenFlags> = { status: 'ERROR', code: 'PROVIDER_ERROR', reason: 'GoPlus: HTTP 500' };
  const pools = [
    { id: 'clean', security: read([]) },
    { id: 'mintable', security: read(['mintable']) },
    { id: 'honeypot', security: read(['honeypot', 'mintable']) },
    { id: 'unknown-honeypot', security: read([], ['honeypot']) },
    { id: 'unread', security: unread },
  ];
  const ids = (r: { kept: { id: string }[] }) => r.kept.map((p) => p.id);

  test('without flag filters every pool stays, unread ones included (and marked as such)', () => {
    expect(filterByFlags(pools, { exclude: [], require: [] })).toMatchObject({ flags: 0, unchecked: 0 });
    expect(ids(filterByFlags(pools, { exclude: [], require: [] }))).toHaveLength(5);
  });

  test('exclude keeps only pools known to be clear: undetermined and unread pools are left out', () => {
    const r = filterByFlags(pools, { exclude: ['honeypot'], require: [] });
    expect(ids(r)).toEqual(['clean', 'mintable']);
    expect(r).toMatchObject({ flags: 2, unchecked: 1 });
  });

  test('require keeps only pools known to carry every required flag', () => {
    const r = filterByFlags(pools, { exclude: ['honeypot'], require: ['mintable'] });
    expect(ids(r)).toEqual(['mintable']);
    expect(r).toMatchObject({ flags: 3, unchecked: 1 });
  });
});

describe('screener parameters', () => {
  test.each([
    ['comma-separated', { exclude: 'honeypot,high-tax' }, ['honeypot', 'high-tax']],
    ['an array (tRPC)', { exclude: ['high-tax', 'honeypot'] }, ['honeypot', 'high-tax']],
    ['spaces and empty parts', { exclude: ' honeypot, ,high-tax,' }, ['honeypot', 'high-tax']],
    ['empty', { exclude: '' }, []],
  ])('flag lists: %s', (_name, input, expected) => {
    expect(screenerFlagsOf(screenerParamsSchema.parse(input).exclude)).toEqual(expected);
  });

  test.each([
    ['an unknown flag', { exclude: 'honeypot,rugpull' }],
    ['__proto__ as a flag', { require: '__proto__' }],
    ['a negative liquidity', { minLiquidityUsd: '-5' }],
    ['a liquidity that is not a number', { minLiquidityUsd: 'lots' }],
    ['an age of 0', { maxAgeHours: '0' }],
    ['an age past the 48 h of new pools', { maxAgeHours: '49' }],
    ['an unknown parameter', { sort: 'liquidity' }],
  ])('%s is refused', (_name, input) => {
    expect(screenerParamsSchema.safeParse(input).success).toBe(false);
  });

  test('numbers arrive as strings over REST and as numbers over tRPC', () => {
    expect(screenerParamsSchema.parse({ minLiquidityUsd: '10000', maxAgeHours: '1.5' })).toEqual({
      minLiquidityUsd: 10000,
      maxAgeHours: 1.5,
    });
    expect(screenerParamsSchema.parse({ minLiquidityUsd: 10000 })).toEqual({ minLiquidityUsd: 10000 });
  });

  test('a flag both excluded and required is a bad request naming it', () => {
    expect(() => screenerFilters({ exclude: 'honeypot,mintable', require: ['mintable'] })).toThrowError(
      expect.objectContaining({
        code: 'BAD_REQUEST',
        message: 'A flag cannot be both excluded and required: mintable.',
      }),
    );
  });
});
