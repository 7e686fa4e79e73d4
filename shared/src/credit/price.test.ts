import { amortizationShares, grossFor, installmentFor, netOf } from './price';
import { percentRate } from './rate';
import { add, compare, fraction, ONE, ZERO } from './rational';

/** Deterministic pseudo-random numbers (a linear congruential generator), so property tests repeat exactly. */
function randomInts(seed: number) {
  let state = seed;
  return (min: number, max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return min + (state % (max - min + 1));
  };
}

const TERMS = [2, 3, 12, 24, 36, 48, 60, 72, 84, 96];

describe('price table', () => {
  it('reproduces the known real contract: R$2.000,00 at 1.79% a.m. over 12 months is R$186,69', () => {
    expect(installmentFor({ gross: 200_000, rate: percentRate('1.79'), term: 12 })).toBe(18_669);
  });

  it('solves the installment back to the gross value', () => {
    // 186.69 · (1 − 1.0179^−12) / 0.0179 = 2000.01504… (checked with 60-digit decimal arithmetic)
    expect(grossFor({ installment: 18_669, rate: percentRate('1.79'), term: 12 })).toBe(200_002);
    // 500.00 over 84 months at 1.80% a.m.: 500 · (1 − 1.018^−84) / 0.018 = 21 570.7434… (same check)
    expect(grossFor({ installment: 50_000, rate: percentRate('1.80'), term: 84 })).toBe(2_157_074);
  });

  it('splits the gross value evenly at a zero rate, rounding half-up', () => {
    expect(installmentFor({ gross: 100_000, rate: percentRate('0'), term: 3 })).toBe(33_333);
    expect(installmentFor({ gross: 3, rate: percentRate('0'), term: 2 })).toBe(2);
    expect(installmentFor({ gross: 1, rate: percentRate('0'), term: 2 })).toBe(1);
    expect(grossFor({ installment: 33_333, rate: percentRate('0'), term: 3 })).toBe(99_999);
  });

  it('refuses terms that are not whole months and amounts that are not whole cents', () => {
    expect(() => installmentFor({ gross: 100, rate: percentRate('1'), term: 0 })).toThrow(RangeError);
    expect(() => installmentFor({ gross: 100, rate: percentRate('1'), term: 1.5 })).toThrow(RangeError);
    expect(() => grossFor({ installment: 10.5, rate: percentRate('1'), term: 12 })).toThrow(RangeError);
    expect(() => grossFor({ installment: -1, rate: percentRate('1'), term: 12 })).toThrow(RangeError);
  });

  it('agrees with the floating-point formula to the cent away from half-cent ties', () => {
    const next = randomInts(7);
    for (let sample = 0; sample < 2000; sample += 1) {
      const percent = (next(50, 400) / 100).toFixed(2);
      const term = TERMS[next(0, TERMS.length - 1)];
      const gross = next(1_000, 20_000_000);
      const i = Number(percent) / 100;
      const float = (((gross / 100) * i) / (1 - (1 + i) ** -term)) * 100;
      if (Math.abs((float % 1) - 0.5) < 1e-6) continue;
      expect(installmentFor({ gross, rate: percentRate(percent), term })).toBe(Math.round(float));
    }
  });

  it('gives back the same installment after installment → gross → installment', () => {
    const next = randomInts(11);
    for (let sample = 0; sample < 2000; sample += 1) {
      const rate = percentRate((next(0, 400) / 100).toFixed(2));
      const term = TERMS[next(0, TERMS.length - 1)];
      const installment = next(1, 1_000_000);
      const gross = grossFor({ installment, rate, term });
      expect(installmentFor({ gross, rate, term })).toBe(installment);
    }
  });

  it('keeps gross → installment → gross within half a cent times the annuity factor, and then stable', () => {
    const next = randomInts(23);
    for (let sample = 0; sample < 2000; sample += 1) {
      const percent = (next(1, 400) / 100).toFixed(2);
      const rate = percentRate(percent);
      const term = TERMS[next(0, TERMS.length - 1)];
      const gross = next(100, 50_000_000);
      const installment = installmentFor({ gross, rate, term });
      const back = grossFor({ installment, rate, term });
      const i = Number(percent) / 100;
      const annuityFactor = (1 - (1 + i) ** -term) / i;
      expect(Math.abs(back - gross)).toBeLessThanOrEqual(Math.ceil(annuityFactor / 2));
      expect(installmentFor({ gross: back, rate, term })).toBe(installment);
      expect(grossFor({ installment: installmentFor({ gross: back, rate, term }), rate, term })).toBe(back);
    }
  });
});

describe('amortizationShares', () => {
  it('sums to exactly the whole principal and grows installment after installment', () => {
    for (const [percent, term] of [
      ['1.79', 12],
      ['1.85', 96],
      ['0', 5],
      ['3.4', 24],
    ] as const) {
      const shares = amortizationShares({ rate: percentRate(percent), term });
      expect(shares).toHaveLength(term);
      expect(compare(shares.reduce(add, ZERO), ONE)).toBe(0);
      for (let k = 1; k < term; k += 1) expect(compare(shares[k], shares[k - 1])).toBeGreaterThanOrEqual(0);
    }
  });

  it('matches the first installment of the schedule: installment less a month of interest', () => {
    // Exact: PMT/PV − i for the first installment, with PMT/PV = i / (1 − (1 + i)^−n).
    const [first] = amortizationShares({ rate: percentRate('10'), term: 2 });
    // i = 0.1, n = 2: PMT/PV = 0.1 / (1 − 1/1.21) = 0.121/0.21, so the share is 0.121/0.21 − 0.1 = 0.1/0.21.
    expect(compare(first, fraction(10n, 21n))).toBe(0);
  });
});

describe('netOf', () => {
  it('is the gross value less the debit balance a refinancing settles', () => {
    expect(netOf(1_000_000, 250_000)).toBe(750_000);
    expect(netOf(1_000_000)).toBe(1_000_000);
  });
});
