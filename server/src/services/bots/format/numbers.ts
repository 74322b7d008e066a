// Numbers as the bots write them (docs/bots.md, "Replies"): USD with thousands separators, decimal
// strings as the source gave them (trimmed to 6 significant decimals), percentages.

const usdFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const smallUsd = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });

export function usd(value: number | string): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return `$${Math.abs(n) >= 1 ? usdFormat.format(n) : smallUsd.format(n)}`;
}

/** A decimal string kept exact, its fraction cut to `digits` places. */
export function decimal(value: string, digits = 6): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cut = fraction.slice(0, Math.max(digits, fraction.search(/[1-9]/) + 4)).replace(/0+$/, '');
  return cut ? `${withCommas}.${cut}` : withCommas;
}

export function percent(value: number | string, digits = 2): string {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? `${n.toFixed(digits)}%` : `${String(value)}%`;
}
