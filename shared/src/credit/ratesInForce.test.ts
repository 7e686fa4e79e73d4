import { compareDates, isCalendarDate } from './calendar';
import { percentText } from './rate';
import {
  FGTS_ANTICIPATION_RULES,
  INSS_MARGIN_SHARES,
  INSS_MAX_TERMS,
  INSS_RATE_CAPS,
  IOF_INDIVIDUAL_RATES,
  ML_MARGIN_SHARES,
  fgtsRulesOn,
  inForce,
  inssMaxTermOn,
  inssRateCapOn,
  iofRatesOn,
  largestFgtsTermOn,
} from './ratesInForce';

const TABLES = { INSS_RATE_CAPS, INSS_MAX_TERMS, INSS_MARGIN_SHARES, ML_MARGIN_SHARES, FGTS_ANTICIPATION_RULES, IOF_INDIVIDUAL_RATES };

describe('dated tables', () => {
  it.each(Object.entries(TABLES))('%s is in date order, with valid dates and a source for every entry', (_, table) => {
    table.forEach((entry, index) => {
      expect(isCalendarDate(entry.from)).toBe(true);
      expect(entry.source.length).toBeGreaterThan(10);
      if (index > 0) expect(compareDates(table[index - 1].from, entry.from)).toBe(-1);
    });
  });

  it('picks the latest entry in force on a day, and none before the first', () => {
    const table = [
      { from: '2025-01-01', source: 'a', value: 1 },
      { from: '2025-06-01', source: 'b', value: 2 },
    ];
    expect(inForce(table, '2024-12-31')).toBeUndefined();
    expect(inForce(table, '2025-01-01')?.value).toBe(1);
    expect(inForce(table, '2025-05-31')?.value).toBe(1);
    expect(inForce(table, '2025-06-01')?.value).toBe(2);
    expect(inForce(table, '2030-01-01')?.value).toBe(2);
  });
});

describe('rules in force', () => {
  it('INSS: 1.85% a.m. loans and 2.46% a.m. cards (CNPS 2025), 96 months (IN 181/2025)', () => {
    expect(percentText(inssRateCapOn('loan', '2026-11-22')!)).toBe('1.85');
    expect(percentText(inssRateCapOn('card', '2026-11-22')!)).toBe('2.46');
    expect(inssRateCapOn('loan', '2025-01-01')).toBeUndefined();
    expect(inssMaxTermOn('2026-11-22')).toBe(96);
    expect(inssMaxTermOn('2024-12-31')).toBe(84);
  });

  it('FGTS: 10 years before 01/11/2025, 5 in the first 12 months of the new rules, 3 after', () => {
    expect(largestFgtsTermOn('2025-10-31')).toBe(10);
    expect(largestFgtsTermOn('2025-11-01')).toBe(5);
    expect(largestFgtsTermOn('2026-10-31')).toBe(5);
    expect(largestFgtsTermOn('2026-11-01')).toBe(3);
    expect(fgtsRulesOn('2026-11-22')).toMatchObject({ minPerYearCents: 10_000, maxPerYearCents: 50_000 });
    expect(() => fgtsRulesOn('2019-01-01')).toThrow(RangeError);
  });

  it('IOF for individuals: 0.0082% a day up to 365 days plus 0.38%', () => {
    expect(iofRatesOn('2026-11-22')).toMatchObject({ dailyPercent: '0.0082', additionalPercent: '0.38', maxDays: 365 });
  });
});
