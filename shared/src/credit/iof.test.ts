import { dueDates, grossWithIof, iofOn, iofShare } from './iof';
import { percentRate } from './rate';
import { compare, fraction } from './rational';

const ZERO_RATE = percentRate('0');

describe('dueDates', () => {
  it('falls monthly from the contract date, on the month end when a month is shorter', () => {
    expect(dueDates({ contractDate: '2025-01-31', term: 3, rate: ZERO_RATE })).toEqual(['2025-02-28', '2025-03-31', '2025-04-30']);
  });

  it('starts from an explicit first due date and refuses one before the contract', () => {
    expect(dueDates({ contractDate: '2025-01-20', firstDueDate: '2025-03-05', term: 2, rate: ZERO_RATE })).toEqual([
      '2025-03-05',
      '2025-04-05',
    ]);
    expect(() => dueDates({ contractDate: '2025-01-20', firstDueDate: '2025-01-19', term: 2, rate: ZERO_RATE })).toThrow(RangeError);
  });
});

describe('iofOn', () => {
  it('levies 0.38% plus 0.0082% a day to the due date (one installment, 31 days)', () => {
    // 0.38% + 31 × 0.0082% = 0.6342% of R$1.000,00 = R$6,342
    expect(iofOn({ gross: 100_000, rate: ZERO_RATE, term: 1, contractDate: '2025-01-01' })).toBe(634);
  });

  it('counts at most 365 days for an installment', () => {
    // 0.38% + 365 × 0.0082% = 3.373%, also for a due date 730 days away.
    expect(iofOn({ gross: 100_000, rate: ZERO_RATE, term: 1, contractDate: '2025-01-01', firstDueDate: '2027-01-01' })).toBe(3_373);
  });

  it('weights each installment by the principal it amortises', () => {
    // Zero rate, 2 installments: halves of the principal for 31 and 61 days → 0.38% + 46 × 0.0082% = 0.7572%.
    expect(iofOn({ gross: 100_000, rate: ZERO_RATE, term: 2, contractDate: '2025-03-10' })).toBe(757);
    // 10% a.m., 2 installments: they amortise 10/21 and 11/21 of the principal, for 31 and 59 days:
    // 0.38% + 0.0082% × (310 + 649)/21 = 0.754467% of R$1.000,00.
    expect(compare(iofShare({ rate: percentRate('10'), term: 2, contractDate: '2025-01-01' }), fraction(38n, 10_000n))).toBe(1);
    expect(iofOn({ gross: 100_000, rate: percentRate('10'), term: 2, contractDate: '2025-01-01' })).toBe(754);
  });
});

describe('grossWithIof', () => {
  it('finances the IOF it generates: R$2.000,00 released at 1.79% over 12 months', () => {
    // Checked independently by building the amortisation schedule in 60-digit decimals: r = 2.0562188…%,
    // G = 2000 / (1 − r) = 2041.9877…, IOF(R$2.041,99) = R$41,99 and 2041.99 − 41.99 = 2000.00.
    expect(grossWithIof({ released: 200_000, rate: percentRate('1.79'), term: 12, contractDate: '2025-06-10' })).toEqual({
      gross: 204_199,
      iof: 4_199,
    });
  });

  it('always lands on a gross value whose IOF makes up the difference exactly, and the smallest such', () => {
    let state = 5;
    const next = (max: number) => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % max;
    for (let sample = 0; sample < 400; sample += 1) {
      const terms = {
        rate: percentRate((next(400) / 100).toFixed(2)),
        term: [1, 2, 12, 24, 84, 96][next(6)],
        contractDate: `2025-${String(next(12) + 1).padStart(2, '0')}-${String(next(28) + 1).padStart(2, '0')}`,
      };
      const released = next(50_000_000);
      const { gross, iof } = grossWithIof({ released, ...terms });
      expect(iof).toBe(iofOn({ gross, ...terms }));
      expect(gross - iof).toBe(released);
      if (gross > 0) expect(gross - 1 - iofOn({ gross: gross - 1, ...terms })).toBeLessThan(released);
    }
  });
});
