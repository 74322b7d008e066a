// Prices as people read them, the same on the website and in the bots' messages: about six
// significant digits, grouped by thousands, never an exponent and never the eighteen digits a pool
// price is computed to. The decimal string is rounded as written (half up, no floating point), so
// `0.00500000` reads `0.005`, `1.78025092652626053` reads `1.78025` and `0.00123456789` reads
// `0.00123457`. The integer part is never cut. Browser-safe: no imports.

/** Significant digits a price is written with. */
export const PRICE_DIGITS = 6;

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

const group = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A price (a plain decimal string) to `digits` significant digits; any other text as it is. */
export function formatPrice(value: string, digits = PRICE_DIGITS): string {
  const match = PLAIN_DECIMAL.exec(value.trim());
  if (!match) return value;
  const [, sign = '', int = '0', fraction = ''] = match;
  const whole = int.replace(/^0+(?=\d)/, '');
  let keep: number;
  if (whole !== '0') keep = Math.max(0, digits - whole.length);
  else {
    const zeros = fraction.search(/[1-9]/);
    if (zeros < 0) return '0';
    keep = zeros + digits;
  }
  let scaled = BigInt(whole + fraction.slice(0, keep).padEnd(keep, '0'));
  if ((fraction[keep] ?? '0') >= '5') scaled += 1n;
  const text = scaled.toString().padStart(keep + 1, '0');
  const kept = text.slice(text.length - keep).replace(/0+$/, '');
  const grouped = group(text.slice(0, text.length - keep));
  return `${sign}${kept ? `${grouped}.${kept}` : grouped}`;
}

/** A USD price: `$0.00123457`, `$2,399.1`, `-$1.5`; any other text as it is. */
export function formatUsdPrice(value: string, digits = PRICE_DIGITS): string {
  if (!PLAIN_DECIMAL.test(value.trim())) return value;
  const shown = formatPrice(value, digits);
  return shown.startsWith('-') ? `-$${shown.slice(1)}` : `$${shown}`;
}
