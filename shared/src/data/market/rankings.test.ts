// The ranking rules of docs/data-layer.md ("Rankings"): which field each reads, the dust
// threshold, what is left out (and counted), ties, and that a missing field is never read as 0.
import { describe, expect, test } from 'vitest';
import type { MarketPool } from './market-types.js';
import { rankPools } from './rankings.js';

const pool = (address: string, fields: Partial<MarketPool>): MarketPool => ({
  network: 'robinhood',
  address,
  baseToken: { address: `${address}b` },
  quoteToken: { address: `${address}q` },
  ...fields,
});

const POOLS = [
  pool('0xa', { liquidityUsd: 50_000, priceChangePct: { h24: 12 }, volumeUsd: { h6: 4_000, h24: 8_000 } }),
  pool('0xb', { liquidityUsd: 90_000, priceChangePct: { h24: -30 }, volumeUsd: { h6: 500, h24: 20_000 } }),
  pool('0xc', { liquidityUsd: 20_000, priceChangePct: { h24: 12 }, txns: { h24: { buys: 10, sells: 5 } } }),
  pool('0xd', { liquidityUsd: 900, priceChangePct: { h24: 400 }, volumeUsd: { h24: 1_000_000 } }),
  pool('0xe', { priceChangePct: { h24: 80 } }),
  pool('0xf', { liquidityUsd: 30_000, volumeUsd: { h24: 3_000 } }),
].map((p) => ({ source: 'geckoterminal', pool: p }));

const rank = (ranking: Parameters<typeof rankPools>[1], minLiquidityUsd = 10_000, limit = 10) =>
  rankPools(POOLS, ranking, { minLiquidityUsd, limit });

describe('rankings', () => {
  test('gainers: positive 24 h change, highest first; ties by liquidity; dust and unknown liquidity left out', () => {
    const r = rank('gainers');
    expect(r.pools.map((p) => [p.pool.address, p.value])).toEqual([
      ['0xa', 12],
      ['0xc', 12],
    ]);
    expect(r.excluded).toEqual({
      noLiquidityReported: 1,
      belowMinLiquidity: 1,
      missingField: 1,
      outsideRule: 1,
      duplicates: 0,
    });
    expect(r.pools[0]).toMatchObject({ rank: 1, source: 'geckoterminal' });
  });

  test('losers: negative only, steepest first', () => {
    expect(rank('losers').pools.map((p) => p.pool.address)).toEqual(['0xb']);
  });

  test('volume, liquidity and txns read their own fields; a pool without the field is not ranked as 0', () => {
    expect(rank('volume').pools.map((p) => [p.pool.address, p.value])).toEqual([
      ['0xb', 20_000],
      ['0xa', 8_000],
      ['0xf', 3_000],
    ]);
    expect(rank('liquidity').pools.map((p) => p.pool.address)).toEqual(['0xb', '0xa', '0xf', '0xc']);
    const txns = rank('txns');
    expect(txns.pools.map((p) => [p.pool.address, p.value])).toEqual([['0xc', 15]]);
    expect(txns.excluded.missingField).toBe(3);
  });

  test('volume-up and volume-drop: the 6 h pace against 24 h', () => {
    expect(rank('volume-up').pools.map((p) => [p.pool.address, p.value])).toEqual([['0xa', 2]]);
    expect(rank('volume-drop').pools.map((p) => [p.pool.address, p.value])).toEqual([['0xb', 0.1]]);
  });

  test('the minimum liquidity and the limit are the caller\u2019s; a pool listed twice counts once', () => {
    const twice = [...POOLS, { source: 'dexscreener', pool: POOLS[0]?.pool ?? pool('0x0', {}) }];
    const r = rankPools(twice, 'gainers', { minLiquidityUsd: 0, limit: 1 });
    expect(r.pools.map((p) => p.pool.address)).toEqual(['0xd']);
    expect(r.excluded.duplicates).toBe(1);
    expect(r.definition).toContain('priceChangePct.h24');
  });
});
