// Reading vendor values into the market payloads (market-types.ts) without inventing any: a
// number or numeric string becomes a finite number, a decimal stays the string sent, a window
// map keeps the windows the vendor sent; anything missing, null, "" or not a number is undefined.
import { MARKET_WINDOWS, type MarketWindow } from './market-types.js';

/** A finite number from a number or a numeric string; anything else is undefined. */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A non-empty string, else undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A decimal as the string sent; a JSON number is written out in full (no exponent). */
export function decimal(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const text = String(value);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign = '', int = '', frac = '', expText = '0'] = m;
  const exp = Number(expText);
  const digits = int + frac;
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const point = 1 + exp;
  return digits.length <= point
    ? `${sign}${digits}${'0'.repeat(point - digits.length)}`
    : `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The windows (m5 … h24) of a vendor map, each converted; undefined when none is left. */
export function perWindow<T>(
  source: Record<string, unknown> | null | undefined,
  convert: (value: unknown) => T | undefined,
): Partial<Record<MarketWindow, T>> | undefined {
  if (!source) return undefined;
  const out: Partial<Record<MarketWindow, T>> = {};
  for (const window of MARKET_WINDOWS) {
    const value = convert(source[window]);
    if (value !== undefined) out[window] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
