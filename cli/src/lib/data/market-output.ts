// Readable tables of market payloads (pools, candles, trades, rankings, quotes). A value the
// source did not report is shown as "–" and explained under the table, never as 0 or blank;
// --json prints the envelope itself, where such a member is simply absent.
import type { CompositeResult, MarketPool, Result } from '@pkg/shared/data';

export const NOT_REPORTED = '–';
const LEGEND = `${NOT_REPORTED} = not reported by the source`;

type Cell = string | number | undefined;

/** Columns padded to their widest cell; the last column is not padded. */
export function table(header: readonly string[], rows: readonly Cell[][]): string[] {
  const text = rows.map((row) => row.map((c) => (c === undefined ? NOT_REPORTED : String(c))));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...text.map(line)];
}

const usd = (n: number | undefined) =>
  n === undefined ? undefined : `$${n.toLocaleString('en-US', { maximumFractionDigits: n < 1 ? 6 : 0 })}`;
const pct = (n: number | undefined) => (n === undefined ? undefined : `${n > 0 ? '+' : ''}${n.toFixed(2)}%`);
const pairName = (p: MarketPool) =>
  `${p.baseToken.symbol ?? p.baseToken.address}/${p.quoteToken.symbol ?? p.quoteToken.address}`;
const txns = (p: MarketPool) => {
  const t = p.txns?.h24;
  return t ? `${t.buys}/${t.sells}` : undefined;
};

export function poolTable(pools: readonly MarketPool[]): string[] {
  return [
    ...table(
      ['pair', 'dex', 'price USD', 'liquidity', 'volume 24h', 'change 24h', 'buys/sells 24h', 'pool'],
      pools.map((p) => [
        pairName(p),
        p.dex,
        p.priceUsd,
        usd(p.liquidityUsd),
        usd(p.volumeUsd?.h24),
        pct(p.priceChangePct?.h24),
        txns(p),
        p.address,
      ]),
    ),
    LEGEND,
  ];
}

/** One pool, one member a line; members the source did not report are not printed. */
export function poolLines(p: MarketPool): string[] {
  const lines: [string, Cell][] = [
    ['pair', pairName(p)],
    ['network', p.network],
    ['dex', p.dex],
    ['pool', p.address],
    ['price USD', p.priceUsd],
    ['price in quote', p.priceNative],
    ['liquidity', usd(p.liquidityUsd)],
    ['FDV', usd(p.fdvUsd)],
    ['market cap', usd(p.marketCapUsd)],
    ...(['m5', 'h1', 'h6', 'h24'] as const).flatMap((w): [string, Cell][] => [
      [`volume ${w}`, usd(p.volumeUsd?.[w])],
      [`change ${w}`, pct(p.priceChangePct?.[w])],
      [`buys/sells ${w}`, p.txns?.[w] ? `${p.txns[w].buys}/${p.txns[w].sells}` : undefined],
    ]),
    ['created', p.createdAt],
    ['url', p.url],
  ];
  return lines.flatMap(([k, v]) => (v === undefined ? [] : [`  ${k}: ${v}`]));
}

interface CandleData {
  candles: { time: number; open: number; high: number; low: number; close: number; volume?: number }[];
}
export function candleTable(data: CandleData): string[] {
  return table(
    ['start (UTC)', 'open', 'high', 'low', 'close', 'volume'],
    data.candles.map((c) => [
      new Date(c.time * 1000).toISOString(),
      c.open,
      c.high,
      c.low,
      c.close,
      c.volume,
    ]),
  );
}

interface TradeData {
  trades: { timestamp: string; kind?: string; volumeUsd?: number; priceUsd?: string; txHash: string }[];
}
export function tradeTable(data: TradeData): string[] {
  return table(
    ['time', 'kind', 'volume', 'price USD', 'transaction'],
    data.trades.map((t) => [t.timestamp, t.kind, usd(t.volumeUsd), t.priceUsd, t.txHash]),
  );
}

interface RankingData {
  ranking: string;
  definition: string;
  tieBreak: string;
  minLiquidityUsd: number;
  considered: number;
  excluded: Record<string, number>;
  pools: { rank: number; value: number; source: string; pool: MarketPool }[];
  sources: { capability: string; status: string; provider?: string; reason?: string }[];
}
export function rankingLines(data: RankingData): string[] {
  const excluded = Object.entries(data.excluded)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  return [
    `  ${data.ranking}: ${data.definition}; ${data.tieBreak}`,
    `  ${data.considered} pools considered, minimum liquidity ${usd(data.minLiquidityUsd) ?? ''}${excluded ? `; left out: ${excluded}` : ''}`,
    ...table(
      ['#', 'pair', 'value', 'liquidity', 'volume 24h', 'source', 'pool'],
      data.pools.map((r) => [
        r.rank,
        pairName(r.pool),
        Number(r.value.toFixed(4)),
        usd(r.pool.liquidityUsd),
        usd(r.pool.volumeUsd?.h24),
        r.source,
        r.pool.address,
      ]),
    ).map((l) => `  ${l}`),
    `  inputs: ${data.sources.map((s) => `${s.capability} ${s.status}${s.provider ? ` (${s.provider})` : s.reason ? ` (${s.reason})` : ''}`).join('; ')}`,
  ];
}

/** market quotes: one row per source, its status and its price or why it has none. */
export function quoteLines(result: CompositeResult): string[] {
  const rows = Object.entries(result.sections).map(([source, s]: [string, Result]) => {
    if (s.status === 'LIVE' || s.status === 'CACHED') {
      const d = s.data as { priceUsd?: string };
      return [source, s.status, d.priceUsd, s.provenance.fetchedAt];
    }
    return [source, s.status, undefined, s.status === 'ERROR' ? `${s.code}: ${s.message}` : s.reason];
  });
  return [
    ...table(['source', 'status', 'price USD', 'fetched at / why none'], rows),
    'each source separately; no average or consensus is computed',
  ];
}
