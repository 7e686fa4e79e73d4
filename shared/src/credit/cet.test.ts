import { annualise, cet, monthlyIrr } from './cet';
import { installmentFor } from './price';
import { percentRate } from './rate';

describe('monthlyIrr', () => {
  it('solves one period: R$1.000 now, R$1.100 in a month is 10% a.m.', () => {
    expect(monthlyIrr([100_000, -110_000])).toBeCloseTo(0.1, 12);
  });

  it('solves two periods against the closed form', () => {
    // 1000 = 600v + 600v² → v = (−600 + √(600² + 4·600·1000)) / 1200, m = 1/v − 1.
    const v = (-600 + Math.sqrt(600 ** 2 + 4 * 600 * 1000)) / 1200;
    expect(monthlyIrr([100_000, -60_000, -60_000])).toBeCloseTo(1 / v - 1, 10);
  });

  it('gives the same rate from the lender’s side of the flows', () => {
    expect(monthlyIrr([-100_000, 60_000, 60_000])).toBeCloseTo(monthlyIrr([100_000, -60_000, -60_000]), 12);
  });

  it('finds zero and high rates', () => {
    expect(
      monthlyIrr([120_000, -10_000, -10_000, -10_000, -10_000, -10_000, -10_000, -10_000, -10_000, -10_000, -10_000, -10_000, -10_000]),
    ).toBeCloseTo(0, 12);
    expect(monthlyIrr([100_000, -400_000])).toBeCloseTo(3, 10);
  });

  it('refuses flows without both a receipt and a payment', () => {
    expect(() => monthlyIrr([100_000])).toThrow(RangeError);
    expect(() => monthlyIrr([100_000, 10_000])).toThrow(RangeError);
    expect(() => monthlyIrr([0, 0])).toThrow(RangeError);
  });
});

describe('cet', () => {
  it('is the contract rate (plus the installment rounding) when nothing but interest is charged', () => {
    const installment = installmentFor({ gross: 200_000, rate: percentRate('1.79'), term: 12 });
    const { monthly, annual } = cet({ released: 200_000, installment, term: 12 });
    expect(monthly).toBeGreaterThan(0.0179);
    expect(monthly).toBeLessThan(0.01791);
    expect(annual).toBeCloseTo((1 + monthly) ** 12 - 1, 12);
    expect(annual).toBeCloseTo(0.2374, 3);
  });

  it('rises above the contract rate when IOF is financed', () => {
    // R$2.041,99 financed (IOF R$41,99 included), R$2.000,00 released, 12 × R$190,61.
    expect(cet({ released: 200_000, installment: 19_061, term: 12 }).monthly).toBeCloseTo(0.02128, 5);
  });

  it('annualises by compounding twelve months', () => {
    expect(annualise(0.01)).toBeCloseTo(0.12682503013196977, 14);
    expect(annualise(0)).toBe(0);
  });
});
