// Dates and sizes as people read them (UTC, so every reader sees the same text).
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How long ago a time was, as people say it: "12 s ago", "3 min ago", "2 h ago", "4 d ago". */
export function formatAge(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.max(0, Math.round((now - then) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});

/** Below a dollar: four significant digits, written out ($0.0000001234, never an exponent). */
const usdSmall = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumSignificantDigits: 4,
  maximumSignificantDigits: 4,
});

/** A USD amount: compact above a million ("$1.2M"), cents below, significant digits for tiny prices. */
export function formatUsd(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return String(value);
  if (Math.abs(n) >= 1e6) return usdCompact.format(n);
  if (n !== 0 && Math.abs(n) < 1) return usdSmall.format(n);
  return usd.format(n);
}

/** A fraction as a signed percent: 0.0123 → "+1.23 %". */
export function formatFraction(fraction: number, digits = 2): string {
  const pct = fraction * 100;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(digits)} %`;
}

/** A percent value as sent (2.5 → "+2.50 %"). */
export function formatPercent(pct: number, digits = 2): string {
  return `${pct > 0 ? '+' : ''}${pct.toFixed(digits)} %`;
}

/** A decimal string of whole tokens, grouped, at most `digits` decimals; kept exact when short. */
export function formatAmount(decimal: string, digits = 4): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const kept = fraction.slice(0, digits).replace(/0+$/, '');
  return kept ? `${grouped}.${kept}` : grouped;
}

/** 0x1234…abcd */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A price to about six significant digits, as the bots write it too (shared/src/format). */
export { formatPrice, formatUsdPrice } from '@pkg/shared/contract';

const count = new Intl.NumberFormat('en-US');

/** A whole count with thousands separators: 1204 → "1,204". */
export function formatCount(n: number): string {
  return count.format(n);
}

/** "1 download this week", "1,204 downloads this week" (the last 7 days, today included, UTC). */
export function downloadsThisWeek(n: number): string {
  return `${formatCount(n)} download${n === 1 ? '' : 's'} this week`;
}
