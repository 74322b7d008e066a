// /tvl, /perps, /stocks, /stock, /filings, /odds, /new (docs/bots.md, "Commands"): the website's
// /v1 answers in a few lines, each number with its source; lists capped.
import { providerName, type V1Answer } from '@pkg/shared';
import { usd, percent, decimal } from '../format/numbers.js';
import { dataOf, sectionLine, sourceOf, unavailable } from '../format/section-line.js';
import { cleanName } from '../format/text.js';

const LIST = 10;

export function tvlReply(chain: V1Answer<'chain'>): string {
  return sectionLine(`TVL (${chain.network})`, chain.tvl, (t) => usd(t.tvlUsd));
}

export function perpsReply(chain: V1Answer<'chain'>): string {
  const perps = dataOf(chain.perps);
  if (!perps) return unavailable('Perps', chain.perps);
  const markets = [...perps.markets]
    .sort((a, b) => (b.volume24hNotional ?? 0) - (a.volume24hNotional ?? 0))
    .slice(0, LIST);
  const lines = [`Perps by 24h volume${sourceOf(chain.perps.provenance)}`];
  for (const m of markets)
    lines.push(
      `${cleanName(m.name, 20)}: ${m.markPx ? `mark ${decimal(m.markPx)}` : 'no mark'}` +
        `${m.volume24hNotional !== undefined ? `, vol ${usd(m.volume24hNotional)}` : ''}` +
        `${m.change24hPct !== undefined ? `, ${percent(m.change24hPct)} 24h` : ''}`,
    );
  if (markets.length === 0) lines.push('no markets listed');
  return lines.join('\n');
}

type Stock = V1Answer<'stocks'>['stocks'][number];

function stockLines(stock: Stock): string[] {
  const head = `${stock.symbol}${stock.name ? ` (${cleanName(stock.name, 40)})` : ''}`;
  const row = stock.premium.rows[0];
  if (!row) return [`${head}: no premium — ${stock.premium.reason ?? 'no priced pool'}`];
  const basis = row.lastClose ? 'last close' : 'issuer quote';
  return [
    `${head}: DEX ${usd(row.dexPrice)} vs ${basis} ${usd(row.referencePrice)}, premium ${percent(row.premium * 100)} — ${providerName(row.source)}${row.lastClose ? ' (last close)' : ''}`,
  ];
}

export function stocksReply(stocks: V1Answer<'stocks'>): string {
  if (stocks.stocks.length === 0) return unavailable('Stock tokens', stocks.issuer);
  const priced = stocks.stocks.filter((s) => s.premium.rows.length > 0);
  const shown = (priced.length ? priced : stocks.stocks).slice(0, LIST);
  const lines = [`Stock-token premiums${sourceOf(stocks.issuer.provenance)}`];
  for (const s of shown) lines.push(...stockLines(s));
  if (stocks.stocks.length > shown.length)
    lines.push(`+${stocks.stocks.length - shown.length} more on the website`);
  return lines.join('\n');
}

export function stockReply(stocks: V1Answer<'stocks'>, symbol: string): string {
  const stock = stocks.stocks.find((s) => s.symbol.toUpperCase() === symbol);
  if (!stock) {
    if (stocks.stocks.length === 0) return unavailable(`Stock ${symbol}`, stocks.issuer);
    return `No stock token ${symbol}.`;
  }
  const lines = stockLines(stock);
  lines.push(`Contract: ${stock.contract}`);
  lines.push(sectionLine('Issuer quote', stock.quote, (q) => `bid ${usd(q.bid)} / ask ${usd(q.ask)}`));
  return lines.join('\n');
}

export function filingsReply(filings: V1Answer<'filings'>): string {
  const card = dataOf(filings.filings);
  if (!card) {
    if (filings.filings.reason === 'no filer' || filings.filings.code === 'NO_FILER')
      return `No SEC filer for ${filings.symbol}.`;
    return unavailable(`Filings ${filings.symbol}`, filings.filings);
  }
  const lines = [
    `Filings of ${cleanName(card.name ?? filings.symbol)} (CIK ${card.cik})${sourceOf(filings.filings.provenance)}`,
  ];
  const latest = [...card.current, ...card.periodic]
    .sort((a, b) => b.filingDate.localeCompare(a.filingDate))
    .slice(0, 5);
  for (const f of latest) lines.push(`${f.filingDate} ${f.form}: ${f.url ?? f.indexUrl}`);
  if (latest.length === 0) lines.push('no recent filings');
  return lines.join('\n');
}

type OddsSection = V1Answer<'odds'>['fed'];

function oddsLines(label: string, section: OddsSection): string[] {
  const data = dataOf(section);
  if (!data) return [unavailable(label, section)];
  const lines = [`${label}${sourceOf(section.provenance)}`];
  for (const e of data.events.slice(0, 3)) {
    const top = e.outcomes[0];
    lines.push(
      `  ${cleanName(e.title, 120)}: ${top ? `${cleanName(top.label, 40)} ${percent(top.probability * 100, 0)}` : 'no outcome'}`,
    );
  }
  if (data.events.length === 0) lines.push('  no open events');
  return lines;
}

export function oddsReply(odds: V1Answer<'odds'>): string {
  return [
    ...oddsLines('Fed', odds.fed),
    ...oddsLines('Inflation', odds.inflation),
    ...oddsLines('Stocks', odds.stocks),
    odds.notice,
  ].join('\n');
}

export function newReply(screener: V1Answer<'screener'>): string {
  const list = dataOf(screener.pools);
  if (!list) return unavailable('New tokens', screener.pools);
  const lines = [`Newest tokens${sourceOf(screener.pools.provenance)}`];
  for (const p of list.pools.slice(0, 5)) {
    const name = cleanName(p.baseToken.symbol ?? p.name ?? p.address, 40);
    const liquidity = p.liquidityUsd !== undefined ? `liquidity ${usd(p.liquidityUsd)}` : 'liquidity unknown';
    const flags = dataOf(p.security);
    const security = flags
      ? flags.raised.length
        ? `flags: ${flags.raised.join(', ')}`
        : flags.undetermined.length
          ? `no flag raised (not checked: ${flags.undetermined.join(', ')})`
          : 'no flag raised'
      : `security not checked — ${p.security.reason ?? 'unavailable'}`;
    lines.push(`${name} ${p.baseToken.address}: ${liquidity}; ${security}`);
  }
  if (list.pools.length === 0) lines.push('none match');
  return lines.join('\n');
}
