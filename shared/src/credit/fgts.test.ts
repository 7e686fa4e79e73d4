import { annualWithdrawal, fgtsAnticipation, largestFgtsTermFor } from './fgts';
import { percentRate } from './rate';
import { refusalText } from './refusals';

const OLD_RULES = '2025-06-10';
const FIRST_YEAR = '2026-01-15';
const TODAY = '2026-11-22';

describe('annualWithdrawal (legal table)', () => {
  it('applies each bracket with its share and fixed amount', () => {
    expect(annualWithdrawal(50_000)).toBe(25_000); // R$500: 50%
    expect(annualWithdrawal(100_000)).toBe(45_000); // R$1.000: 40% + R$50
    expect(annualWithdrawal(500_000)).toBe(165_000); // R$5.000: 30% + R$150
    expect(annualWithdrawal(1_000_000)).toBe(265_000); // R$10.000: 20% + R$650
    expect(annualWithdrawal(1_500_000)).toBe(340_000); // R$15.000: 15% + R$1.150
    expect(annualWithdrawal(2_000_000)).toBe(390_000); // R$20.000: 10% + R$1.900
    expect(annualWithdrawal(3_000_000)).toBe(440_000); // R$30.000: 5% + R$2.900
    expect(annualWithdrawal(0)).toBe(0);
  });

  it('starts the next bracket one cent above each limit', () => {
    expect(annualWithdrawal(50_001)).toBe(25_000); // 40% of 500,01 = 200,004 → 200,00, + 50
    expect(annualWithdrawal(100_001)).toBe(45_000); // 30% of 1.000,01 = 300,003 → 300,00, + 150
    expect(annualWithdrawal(2_000_001)).toBe(390_000); // 5% of 20.000,01 = 1.000,0005 → 1.000,00, + 2.900
    expect(annualWithdrawal(50_003)).toBe(25_001); // 40% of 500,03 = 200,012 → 200,01
  });

  it('rounds the share half-up to the cent', () => {
    expect(annualWithdrawal(1)).toBe(1); // 50% of 1 cent = 0,5 cent → 1
    expect(annualWithdrawal(3)).toBe(2);
  });
});

describe('fgtsAnticipation', () => {
  it('before 01/11/2025 anticipates whole table values year after year on the balance left', () => {
    const result = fgtsAnticipation({ balance: 1_000_000, years: 3, monthlyRate: percentRate('1.29'), on: OLD_RULES });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.years.map((year) => [year.balanceBefore, year.tableValue, year.anticipated])).toEqual([
      [1_000_000, 265_000, 265_000],
      [735_000, 212_000, 212_000],
      [523_000, 169_600, 169_600],
    ]);
    expect(result.gross).toBe(646_600);
    // 2650/1.0129^12 + 2120/1.0129^24 + 1696/1.0129^36 = 4899.9419… (checked with 60-digit decimal arithmetic)
    expect(result.net).toBe(489_994);
  });

  it('from 01/11/2025 caps each anticipated year at R$500 while the balance still falls by the table value', () => {
    const result = fgtsAnticipation({ balance: 1_000_000, years: 5, monthlyRate: percentRate('1.29'), on: FIRST_YEAR });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.years.map((year) => year.anticipated)).toEqual([50_000, 50_000, 50_000, 50_000, 50_000]);
    expect(result.years[4].balanceBefore).toBe(232_380);
    expect(result.gross).toBe(250_000);
    // 500 · Σ_{k=1..5} 1.0129^(−12k) = 1613.4875… (same check)
    expect(result.net).toBe(161_349);
  });

  it('discounts nothing at a zero rate', () => {
    const result = fgtsAnticipation({ balance: 1_000_000, years: 3, monthlyRate: percentRate('0'), on: TODAY });
    expect(result).toMatchObject({ ok: true, gross: 150_000, net: 150_000 });
  });

  it('refuses a term above the rules in force and names the largest allowed', () => {
    const result = fgtsAnticipation({ balance: 1_000_000, years: 5, monthlyRate: percentRate('1.29'), on: TODAY });
    expect(result).toEqual({ ok: false, refusal: { code: 'term-above-limit', term: 5, largestTerm: 3, unit: 'years' } });
    if (!result.ok) expect(refusalText(result.refusal)).toBe('O prazo de 5 anos excede o máximo de 3 anos de antecipação em vigor.');
    expect(fgtsAnticipation({ balance: 1_000_000, years: 6, monthlyRate: percentRate('1.29'), on: FIRST_YEAR }).ok).toBe(false);
    expect(fgtsAnticipation({ balance: 1_000_000, years: 10, monthlyRate: percentRate('1.29'), on: OLD_RULES }).ok).toBe(true);
  });

  it('refuses years whose table value is below the R$100 minimum, with the largest the balance allows', () => {
    // R$600: year 1 = 40% + 50 = R$290, then R$310 left → R$155, then R$155 left → R$77,50 (below R$100).
    const three = fgtsAnticipation({ balance: 60_000, years: 3, monthlyRate: percentRate('1.29'), on: TODAY });
    expect(three).toEqual({ ok: false, refusal: { code: 'fgts-balance-too-low', largestTerm: 2 } });
    if (!three.ok) expect(refusalText(three.refusal)).toBe('O saldo do FGTS permite antecipar no máximo 2 anos.');
    expect(fgtsAnticipation({ balance: 60_000, years: 2, monthlyRate: percentRate('1.29'), on: TODAY })).toMatchObject({
      ok: true,
      gross: 44_500,
    });
    // R$300: R$150, then R$75.
    const low = fgtsAnticipation({ balance: 30_000, years: 2, monthlyRate: percentRate('1.29'), on: TODAY });
    expect(low.ok).toBe(false);
    if (!low.ok) expect(refusalText(low.refusal)).toBe('O saldo do FGTS não permite a antecipação.');
  });

  it('before the minimum existed refuses only years with nothing to withdraw', () => {
    expect(fgtsAnticipation({ balance: 30_000, years: 10, monthlyRate: percentRate('1.29'), on: OLD_RULES }).ok).toBe(true);
    expect(fgtsAnticipation({ balance: 0, years: 2, monthlyRate: percentRate('1.29'), on: OLD_RULES }).ok).toBe(false);
  });

  it('accepts only the product range of 2 to 10 years', () => {
    for (const years of [0, 1, 11, 2.5]) {
      expect(() => fgtsAnticipation({ balance: 1_000_000, years, monthlyRate: percentRate('1.29'), on: OLD_RULES })).toThrow(RangeError);
    }
  });
});

describe('largestFgtsTermFor', () => {
  it('is the smaller of the rules in force and what the balance can fill', () => {
    expect(largestFgtsTermFor({ balance: 1_000_000, on: TODAY })).toBe(3);
    expect(largestFgtsTermFor({ balance: 1_000_000, on: FIRST_YEAR })).toBe(5);
    expect(largestFgtsTermFor({ balance: 1_000_000, on: OLD_RULES })).toBe(10);
    expect(largestFgtsTermFor({ balance: 60_000, on: TODAY })).toBe(2);
    expect(largestFgtsTermFor({ balance: 0, on: TODAY })).toBe(0);
  });
});
