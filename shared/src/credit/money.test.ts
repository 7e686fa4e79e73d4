import { formatBRL } from '../format/money';
import { assertCents, centsToDecimalText, formatCents, toCents } from './money';

describe('toCents', () => {
  it('reads reais exactly and rounds extra decimals half-up', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('1234,56')).toBe(123456);
    expect(toCents(1518)).toBe(151800);
    expect(toCents(0.1)).toBe(10);
    // The float route (Math.round(1.005 * 100)) gives 100: 1.005 * 100 is 100.49999999999999.
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1234.565')).toBe(123457);
    expect(toCents('0.005')).toBe(1);
    expect(toCents('0.0049')).toBe(0);
  });
});

describe('centsToDecimalText', () => {
  it('writes the numeric(14,2) text the database and the API read', () => {
    expect(centsToDecimalText(123456)).toBe('1234.56');
    expect(centsToDecimalText(5)).toBe('0.05');
    expect(centsToDecimalText(0)).toBe('0.00');
    expect(centsToDecimalText(-5)).toBe('-0.05');
    expect(centsToDecimalText(100)).toBe('1.00');
  });

  it('refuses fractions of a cent', () => {
    expect(() => centsToDecimalText(1.5)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it('writes the same pt-BR text as formatBRL', () => {
    for (const cents of [0, 1, 10, 99, 100, 123456, 100000000, 123456789012, -5, -123456]) {
      expect(formatCents(cents)).toBe(formatBRL(cents / 100));
    }
    expect(formatCents(123456)).toBe('R$ 1.234,56');
  });
});

describe('assertCents', () => {
  it('accepts whole cents and refuses the rest', () => {
    expect(() => assertCents(10, 'x')).not.toThrow();
    expect(() => assertCents(-1, 'x')).toThrow('x cannot be negative');
    expect(() => assertCents(-1, 'x', true)).not.toThrow();
    expect(() => assertCents(0.5, 'x')).toThrow(RangeError);
    expect(() => assertCents(Number.NaN, 'x')).toThrow(RangeError);
  });
});
