import { describe, expect, test } from 'vitest';
import { formatPrice, formatUsdPrice } from './format-price.js';

describe('formatPrice', () => {
  test.each([
    ['0.00500000', '0.005'],
    ['1.78025092652626053', '1.78025'],
    ['0.00123456789', '0.00123457'],
    // The chain double's v3 PKG/USDC pool: 10^12 / 2^42.
    ['0.227373675443232059', '0.227374'],
    ['0.0000001234', '0.0000001234'],
    ['0.01', '0.01'],
    ['2399.1', '2,399.1'],
    ['23.991', '23.991'],
    ['48.961224489795918367', '48.9612'],
    ['1234567.891', '1,234,568'],
    ['999999.5', '1,000,000'],
    ['0.99999951', '1'],
    ['0.000000', '0'],
    ['0', '0'],
    ['007.5', '7.5'],
    ['100', '100'],
    ['-0.0123456789', '-0.0123457'],
  ])('%s → %s', (value, shown) => {
    expect(formatPrice(value)).toBe(shown);
  });

  test('fewer digits on request; text that is not a plain decimal is left as it is', () => {
    expect(formatPrice('0.123456', 2)).toBe('0.12');
    expect(formatPrice('2.5e-7')).toBe('2.5e-7');
    expect(formatPrice('n/a')).toBe('n/a');
  });
});

describe('formatUsdPrice', () => {
  test.each([
    ['0.00123456789', '$0.00123457'],
    ['0.005', '$0.005'],
    ['2399.1', '$2,399.1'],
    ['-1.5', '-$1.5'],
    ['n/a', 'n/a'],
  ])('%s → %s', (value, shown) => {
    expect(formatUsdPrice(value)).toBe(shown);
  });
});
