// The decimal helpers of the project token's summary: a price source's decimal string read
// exactly (exponents included), written back without an exponent or trailing zeros, and the
// product of decimals, exact to 18 significant digits and rounded half up beyond them.
import { describe, expect, test } from 'vitest';
import { formatDecimal, multiplyDecimals, parseDecimal, type ScaledDecimal } from './decimal.js';

describe('parseDecimal', () => {
  test.each<[string, ScaledDecimal]>([
    ['2399.1', { n: 23991n, scale: 1 }],
    ['0.01', { n: 1n, scale: 2 }],
    ['42', { n: 42n, scale: 0 }],
    ['2.5e-7', { n: 25n, scale: 8 }],
    ['1E+3', { n: 1000n, scale: 0 }],
    ['1.25e2', { n: 125n, scale: 0 }],
    ['  7.50  ', { n: 750n, scale: 2 }],
  ])('%s', (text, expected) => {
    expect(parseDecimal(text)).toEqual(expected);
  });

  test.each(['', '-1', '1.', '.5', 'abc', '1e', 'NaN', 'Infinity', '0x10', '1,5'])(
    '%j is not a decimal',
    (text) => {
      expect(parseDecimal(text)).toBeUndefined();
    },
  );
});

describe('formatDecimal', () => {
  test.each<[ScaledDecimal, string]>([
    [{ n: 0n, scale: 18 }, '0'],
    [{ n: 1_000_000_000n * 10n ** 18n, scale: 18 }, '1000000000'],
    [{ n: 23991n, scale: 1 }, '2399.1'],
    [{ n: 750n, scale: 2 }, '7.5'],
    [{ n: 25n, scale: 8 }, '0.00000025'],
    [{ n: 5n, scale: 0 }, '5'],
  ])('%o → %s', (value, expected) => {
    expect(formatDecimal(value)).toBe(expected);
  });

  test('round-trips what parseDecimal reads, without the exponent', () => {
    const read = parseDecimal('2.5e-7');
    expect(read && formatDecimal(read)).toBe('0.00000025');
  });
});

describe('multiplyDecimals', () => {
  const d = (text: string) => {
    const value = parseDecimal(text);
    if (!value) throw new Error(`${text} is not a decimal`);
    return value;
  };

  test.each<[string[], string]>([
    // 0.01 ETH a token × 2,399.1 USD an ETH.
    [['0.01', '2399.1'], '23.991'],
    // 850,000,000 tokens × 0.01 × 2,399.1.
    [['850000000', '0.01', '2399.1'], '20392350000'],
    // 1/3000 to 21 digits × 850,000,000: 283333.333333333333050, rounded to 18 significant digits.
    [['0.000333333333333333333', '850000000'], '283333.333333333333'],
    // 18 significant digits, the 19th a 5: rounded half up.
    [['0.1234567890123456785', '1'], '0.123456789012345679'],
    [['0', '123.45'], '0'],
    [['2.5e-7', '4e3'], '0.001'],
    [['7'], '7'],
  ])('%j → %s', (factors, expected) => {
    expect(multiplyDecimals(...factors.map(d))).toBe(expected);
  });
});
