import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [1250, '$1,250.00'],
    [980.5, '$980.50'],
    [3400, '$3,400.00'],
    [1234567.891, '$1,234,567.89'],
    [0.005, '$0.01'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [-0.001, '$0.00'],
    [-150, '-$150.00'],
    [-1234.5, '-$1,234.50'],
    ['2100.00', '$2,100.00'],
    ['-150.00', '-$150.00'],
  ])('%s -> %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('shows nothing for a missing or non-numeric amount', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});
