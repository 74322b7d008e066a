// /coin, /holders, /burned, /ca (docs/bots.md, "Commands"): the website's /v1/token answer in a
// few lines, each number with its source.
import type { V1Token } from '@pkg/shared';
import { decimal, percent, usd } from '../format/numbers.js';
import { dataOf, sectionLine, sourceOf, unavailable } from '../format/section-line.js';

const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

function symbolOf(token: V1Token): string {
  return dataOf(token.price)?.projectToken.symbol ?? dataOf(token.contract)?.symbol ?? 'token';
}

export function coinReply(token: V1Token): string {
  const symbol = symbolOf(token);
  const lines = [`${symbol}${token.address ? ` (${token.address})` : ''}`];
  lines.push(
    sectionLine('Price', token.price, (p) =>
      p.priceInQuote
        ? `${decimal(p.priceInQuote)} ${p.quoteToken.symbol ?? shortAddress(p.quoteToken.address)}`
        : undefined,
    ),
  );
  lines.push(sectionLine('USD', token.priceUsd, (p) => usd(p.priceUsd)));
  lines.push(
    sectionLine('Market cap', token.marketCap, (m) =>
      m.usd ? usd(m.usd) : `${decimal(m.inQuote)} ${m.quoteSymbol ?? ''}`.trim(),
    ),
  );
  lines.push(
    sectionLine('Liquidity', token.market, (m) =>
      m.liquidityUsd !== undefined ? usd(m.liquidityUsd) : undefined,
    ),
  );
  lines.push(
    sectionLine('Volume 24h', token.market, (m) =>
      m.volumeUsd?.h24 !== undefined ? usd(m.volumeUsd.h24) : undefined,
    ),
  );
  lines.push(sectionLine('Holders', token.holders, (h) => h.count.toLocaleString('en-US')));
  lines.push(burnedLine(token, symbol));
  return lines.join('\n');
}

function burnedLine(token: V1Token, symbol: string): string {
  return sectionLine(
    'Burned',
    token.burned,
    (b) =>
      `${decimal(b.total)} ${symbol}${b.percentOfSupply ? ` (${percent(b.percentOfSupply)} of supply)` : ''}`,
  );
}

export function burnedReply(token: V1Token): string {
  const symbol = symbolOf(token);
  const lines = [burnedLine(token, symbol)];
  const burned = dataOf(token.burned);
  for (const a of burned?.addresses ?? []) lines.push(`  ${a.address}: ${decimal(a.amount)}`);
  lines.push(sectionLine('Supply', token.supply, (s) => `${decimal(s.total)} ${symbol}`));
  return lines.join('\n');
}

export function holdersReply(token: V1Token): string {
  const top = dataOf(token.topHolders);
  const lines: string[] = [];
  if (!top) lines.push(unavailable('Top holders', token.topHolders));
  else {
    lines.push(`Top holders${sourceOf(token.topHolders.provenance)}`);
    for (const h of top.holders.slice(0, 10)) {
      const role = h.role
        ? ` [${h.role === 'dev' ? 'dev wallet' : h.role === 'burn' ? 'burn address' : 'pool'}]`
        : '';
      const share = h.percentOfSupply ? ` (${percent(h.percentOfSupply)})` : '';
      lines.push(`${h.rank}. ${h.address}${role}: ${h.amount ? decimal(h.amount) : h.raw}${share}`);
    }
    if (top.holders.length === 0) lines.push('none listed');
  }
  const dev = dataOf(token.devWallets);
  if (!dev) lines.push(unavailable('Dev wallets', token.devWallets));
  else if (dev.wallets.length === 0) lines.push('Dev wallets: none configured');
  else {
    lines.push(`Dev wallets${sourceOf(token.devWallets.provenance)}`);
    for (const w of dev.wallets)
      lines.push(
        `  ${w.address}: ${decimal(w.amount)}${w.percentOfSupply ? ` (${percent(w.percentOfSupply)})` : ''}`,
      );
  }
  return lines.join('\n');
}

export function caReply(token: V1Token): string {
  if (!token.address) return unavailable('Contract', token.contract);
  const contract = dataOf(token.contract);
  const lines = [`Contract: ${token.address}`];
  if (!contract) lines.push(unavailable('Explorer', token.contract));
  else
    lines.push(
      `Explorer: ${contract.verified ? `verified${contract.name ? ` (${contract.name})` : ''}` : 'not verified'}${sourceOf(token.contract.provenance)}`,
    );
  return lines.join('\n');
}
