// Exact prices from integers: a ratio of bigints written as a decimal string, the prices of a
// pool (v2 reserves, v3/v4 sqrtPriceX96) and of a swap (its two amounts), adjusted for the tokens'
// decimals, and the product of decimals (a price times an amount). No floating point anywhere;
// amounts are written out by viem's `formatUnits`.
import { formatUnits } from 'viem';

/** Significant digits of a price that does not end sooner (1/3 → 0.333333333333333333). */
export const PRICE_SIGNIFICANT_DIGITS = 18;

const Q192 = 1n << 192n;
const pow10 = (n: number) => 10n ** BigInt(n);

/**
 * `numerator / denominator` (both ≥ 0, denominator > 0) as a plain decimal string: exact when it
 * ends within `significant` significant digits, else rounded half up to that many. The integer
 * part is never rounded. Trailing zeros are dropped.
 */
export function ratioToDecimal(
  numerator: bigint,
  denominator: bigint,
  significant = PRICE_SIGNIFICANT_DIGITS,
): string {
  if (denominator <= 0n || numerator < 0n) throw new RangeError('ratioToDecimal: a non-negative ratio');
  if (numerator === 0n) return '0';
  const integer = numerator / denominator;
  let scale: number;
  if (integer > 0n) scale = Math.max(0, significant - integer.toString().length);
  else {
    // Zeros between the point and the first significant digit.
    let zeros = 0;
    while (numerator * pow10(zeros + 1) < denominator) zeros++;
    scale = zeros + significant;
  }
  const scaled = (numerator * pow10(scale) * 2n + denominator) / (2n * denominator);
  if (scale === 0) return scaled.toString();
  const digits = scaled.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** A decimal as an integer over a power of ten, `n / 10^scale`: a token amount is raw / 10^decimals. */
export interface ScaledDecimal {
  n: bigint;
  scale: number;
}

/**
 * A non-negative decimal string as a price source sends it (`2399.1`, `2.5e-7`, `1E+3`) as an
 * integer over a power of ten, exactly; undefined when it is not one.
 */
export function parseDecimal(text: string): ScaledDecimal | undefined {
  const m = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  const [, whole = '', fraction = '', exponent = '0'] = m;
  const scale = fraction.length - Number(exponent);
  const n = BigInt(whole + fraction);
  return scale >= 0 ? { n, scale } : { n: n * pow10(-scale), scale: 0 };
}

/** A scaled decimal written out exactly, without an exponent or trailing zeros. */
export const formatDecimal = ({ n, scale }: ScaledDecimal): string => formatUnits(n, scale);

/**
 * The product of non-negative decimals: exact when it ends within `PRICE_SIGNIFICANT_DIGITS`
 * significant digits, else rounded half up to that many (as `ratioToDecimal`).
 */
export function multiplyDecimals(...factors: readonly ScaledDecimal[]): string {
  const n = factors.reduce((acc, f) => acc * f.n, 1n);
  const scale = factors.reduce((acc, f) => acc + f.scale, 0);
  return ratioToDecimal(n, pow10(scale));
}

export interface PairDecimals {
  projectIsToken0: boolean;
  decimals0: number;
  decimals1: number;
}

/** The project token priced in the quote token from v2 reserves, or undefined on an empty pool. */
export function priceFromReserves(reserve0: bigint, reserve1: bigint, d: PairDecimals): string | undefined {
  if (reserve0 === 0n || reserve1 === 0n) return undefined;
  // token0 in token1 = (reserve1 / 10^d1) / (reserve0 / 10^d0)
  return d.projectIsToken0
    ? ratioToDecimal(reserve1 * pow10(d.decimals0), reserve0 * pow10(d.decimals1))
    : ratioToDecimal(reserve0 * pow10(d.decimals1), reserve1 * pow10(d.decimals0));
}

/**
 * The project token priced in the quote token from a v3/v4 sqrtPriceX96 (sqrt(token1/token0 in
 * raw units) × 2^96), or undefined when it is 0 (no pool).
 */
export function priceFromSqrtPriceX96(sqrtPriceX96: bigint, d: PairDecimals): string | undefined {
  if (sqrtPriceX96 === 0n) return undefined;
  const squared = sqrtPriceX96 * sqrtPriceX96;
  // token0 in token1 = sqrtPriceX96² / 2^192 × 10^(d0 - d1)
  return d.projectIsToken0
    ? ratioToDecimal(squared * pow10(d.decimals0), Q192 * pow10(d.decimals1))
    : ratioToDecimal(Q192 * pow10(d.decimals1), squared * pow10(d.decimals0));
}

/** The quote paid or received per project token in one swap (raw amounts, both > 0). */
export function priceFromAmounts(
  projectRaw: bigint,
  quoteRaw: bigint,
  decimals: { project: number; quote: number },
): string | undefined {
  if (projectRaw === 0n) return undefined;
  return ratioToDecimal(quoteRaw * pow10(decimals.project), projectRaw * pow10(decimals.quote));
}
