import { formatBRL, formatDecimal, sanitizeMoneyInput } from './money';

describe('formatBRL', () => {
  it('formats with pt-BR grouping, decimal comma and a plain space after R$', () => {
    expect(formatBRL(1234.56)).toBe('R$ 1.234,56');
    expect(formatBRL(1234.56)).not.toContain('\u00a0');
    expect(formatBRL(0.5)).toBe('R$ 0,50');
    expect(formatBRL(12)).toBe('R$ 12,00');
  });

  it('formats zero, -0 and near-zero negatives without a minus sign', () => {
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(-0)).toBe('R$ 0,00');
    expect(formatBRL(-0.001)).toBe('R$ 0,00');
  });

  it('puts the minus sign before R$', () => {
    expect(formatBRL(-1234.5)).toBe('-R$ 1.234,50');
    expect(formatBRL('-10')).toBe('-R$ 10,00');
  });

  it('groups large numbers', () => {
    expect(formatBRL(1234567.89)).toBe('R$ 1.234.567,89');
    expect(formatBRL(1_000_000_000_000)).toBe('R$ 1.000.000.000.000,00');
  });

  it('rounds to two decimals', () => {
    expect(formatBRL(10.456)).toBe('R$ 10,46');
    expect(formatBRL(10.454)).toBe('R$ 10,45');
  });

  it('reads dot-decimal strings as the API sends them', () => {
    expect(formatBRL('1234.56')).toBe('R$ 1.234,56');
    expect(formatBRL(' 99.9 ')).toBe('R$ 99,90');
    expect(formatBRL('0.5')).toBe('R$ 0,50');
    expect(formatBRL('7.')).toBe('R$ 7,00');
  });

  it('shows zero for null, undefined, empty and unreadable values', () => {
    expect(formatBRL(null)).toBe('R$ 0,00');
    expect(formatBRL(undefined)).toBe('R$ 0,00');
    expect(formatBRL('')).toBe('R$ 0,00');
    expect(formatBRL('abc')).toBe('R$ 0,00');
    expect(formatBRL('1.234,56')).toBe('R$ 0,00');
    expect(formatBRL('0x10')).toBe('R$ 0,00');
    expect(formatBRL(Number.NaN)).toBe('R$ 0,00');
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe('R$ 0,00');
  });
});

describe('formatDecimal', () => {
  it('formats with two decimals, pt-BR grouping and no currency symbol', () => {
    expect(formatDecimal(1234.56)).toBe('1.234,56');
    expect(formatDecimal(1234)).toBe('1.234,00');
    expect(formatDecimal(3.01)).toBe('3,01');
    expect(formatDecimal(1234567.891)).toBe('1.234.567,89');
    expect(formatDecimal('2500.5')).toBe('2.500,50');
  });

  it('formats negatives and zero', () => {
    expect(formatDecimal(-1234.5)).toBe('-1.234,50');
    expect(formatDecimal(0)).toBe('0,00');
    expect(formatDecimal(-0)).toBe('0,00');
  });

  it('gives 0,00 for null and undefined', () => {
    expect(formatDecimal(null)).toBe('0,00');
    expect(formatDecimal(undefined)).toBe('0,00');
  });
});

describe('sanitizeMoneyInput', () => {
  it('keeps valid input as typed', () => {
    expect(sanitizeMoneyInput('1234.56')).toBe('1234.56');
    expect(sanitizeMoneyInput('0.5')).toBe('0.5');
    expect(sanitizeMoneyInput('10')).toBe('10');
    expect(sanitizeMoneyInput('0')).toBe('0');
    expect(sanitizeMoneyInput('12.')).toBe('12.');
    expect(sanitizeMoneyInput('')).toBe('');
  });

  it('removes leading zeros but keeps the zero before a dot', () => {
    expect(sanitizeMoneyInput('007')).toBe('7');
    expect(sanitizeMoneyInput('000')).toBe('0');
    expect(sanitizeMoneyInput('00.5')).toBe('0.5');
    expect(sanitizeMoneyInput('0100')).toBe('100');
    expect(sanitizeMoneyInput('.5')).toBe('0.5');
    expect(sanitizeMoneyInput('.')).toBe('0.');
  });

  it('keeps at most two decimals', () => {
    expect(sanitizeMoneyInput('12.345')).toBe('12.34');
    expect(sanitizeMoneyInput('0.999')).toBe('0.99');
  });

  it('keeps only the first dot', () => {
    expect(sanitizeMoneyInput('1.2.3')).toBe('1.23');
    expect(sanitizeMoneyInput('12.5.')).toBe('12.5');
  });

  it('drops signs, letters and spaces', () => {
    expect(sanitizeMoneyInput('-3')).toBe('3');
    expect(sanitizeMoneyInput('-0.5')).toBe('0.5');
    expect(sanitizeMoneyInput('+12')).toBe('12');
    expect(sanitizeMoneyInput('R$ 1 500.00')).toBe('1500.00');
    expect(sanitizeMoneyInput('abc')).toBe('');
  });

  it('takes a comma as the decimal dot', () => {
    expect(sanitizeMoneyInput('12,5')).toBe('12.5');
    expect(sanitizeMoneyInput('0,75')).toBe('0.75');
  });

  it('returns an empty string for null and undefined', () => {
    expect(sanitizeMoneyInput(null)).toBe('');
    expect(sanitizeMoneyInput(undefined)).toBe('');
  });

  it('is idempotent', () => {
    for (const raw of ['007', '12.345', '-0.5', '.', '1.2.3', 'R$ 1 500,00']) {
      const once = sanitizeMoneyInput(raw);
      expect(sanitizeMoneyInput(once)).toBe(once);
    }
  });
});
