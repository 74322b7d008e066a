// Prices as people read them: grouped with four decimals from 1 up, six significant digits below
// (never an exponent), so that 0.227373675… reads 0.227374 and 0.0000124 stays 0.0000124.
import { formatAmount } from '../../lib/format';

const small = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });

/** A price sent as a decimal string (exact) or a number. */
export function formatPrice(value: string | number): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(n)) return String(value);
  if (Math.abs(n) >= 1)
    return typeof value === 'string' ? formatAmount(value, 4) : formatAmount(n.toFixed(4), 4);
  return small.format(n);
}
