import { checkInssRate, checkInssTerm, checkInstallmentWithinMargin, marginsOf } from './margin';
import { percentRate } from './rate';
import { refusalText } from './refusals';

const TODAY = '2026-11-22';

describe('marginsOf', () => {
  it('gives INSS 35% for loans, 5% for the card (RMC) and 5% for the benefit card (RCC)', () => {
    expect(marginsOf({ kind: 'inss', base: 320_000, on: TODAY })).toEqual({ loan: 112_000, card: 16_000, benefitCard: 16_000 });
  });

  it('takes the current consigned discounts off the loan margin only, never below zero', () => {
    expect(marginsOf({ kind: 'inss', base: 320_000, currentDiscounts: 50_000, on: TODAY })).toEqual({
      loan: 62_000,
      card: 16_000,
      benefitCard: 16_000,
    });
    expect(marginsOf({ kind: 'inss', base: 320_000, currentDiscounts: 200_000, on: TODAY }).loan).toBe(0);
  });

  it('rounds each share down to the cent, since the margin is a ceiling', () => {
    // 35% of R$1.000,01 is R$350,0035 and 5% is R$50,0005.
    expect(marginsOf({ kind: 'inss', base: 100_001, on: TODAY })).toEqual({ loan: 35_000, card: 5_000, benefitCard: 5_000 });
    // 35% of R$1.000,03 is R$350,0105.
    expect(marginsOf({ kind: 'inss', base: 100_003, on: TODAY }).loan).toBe(35_001);
  });

  it('gives ML 35% and 5%, without a benefit card', () => {
    expect(marginsOf({ kind: 'ml', base: 500_000, currentDiscounts: 10_000, on: TODAY })).toEqual({
      loan: 165_000,
      card: 25_000,
      benefitCard: 0,
    });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => marginsOf({ kind: 'inss', base: 1000.5, on: TODAY })).toThrow(RangeError);
  });
});

describe('checkInstallmentWithinMargin', () => {
  it('accepts an installment up to the free margin and refuses one a cent above, in Portuguese', () => {
    expect(checkInstallmentWithinMargin(50_000, 50_000)).toBeNull();
    const refusal = checkInstallmentWithinMargin(50_001, 50_000);
    expect(refusal).toEqual({ code: 'installment-above-margin', installment: 50_001, freeMargin: 50_000 });
    expect(refusalText(refusal!)).toBe('A parcela de R$ 500,01 excede a margem disponível de R$ 500,00.');
  });

  it('refuses any installment when the discounts already exceed the margin', () => {
    expect(refusalText(checkInstallmentWithinMargin(1, 0)!)).toBe('A parcela de R$ 0,01 excede a margem disponível de R$ 0,00.');
  });
});

describe('checkInssRate', () => {
  it('allows the CNPS cap itself and refuses anything above it', () => {
    expect(checkInssRate(percentRate('1.85'), 'loan', TODAY)).toBeNull();
    expect(checkInssRate(percentRate('1.80'), 'loan', TODAY)).toBeNull();
    expect(refusalText(checkInssRate(percentRate('1.86'), 'loan', TODAY)!)).toBe(
      'A taxa de 1,86% a.m. excede o teto de 1,85% a.m. em vigor.',
    );
    expect(checkInssRate(percentRate('2.46'), 'card', TODAY)).toBeNull();
    expect(refusalText(checkInssRate(percentRate('2.47'), 'card', TODAY)!)).toBe(
      'A taxa de 2,47% a.m. excede o teto de 2,46% a.m. em vigor.',
    );
  });

  it('applies the cap from the day it came into force', () => {
    expect(checkInssRate(percentRate('1.86'), 'loan', '2025-04-04')).not.toBeNull();
    expect(checkInssRate(percentRate('1.86'), 'loan', '2025-04-03')).toBeNull();
  });
});

describe('checkInssTerm', () => {
  it('allows 96 installments from IN 181/2025 and 84 before it', () => {
    expect(checkInssTerm(96, '2025-02-06')).toBeNull();
    expect(refusalText(checkInssTerm(97, TODAY)!)).toBe('O prazo de 97 parcelas excede o máximo de 96 parcelas em vigor.');
    expect(checkInssTerm(96, '2025-02-05')).toEqual({ code: 'term-above-limit', term: 96, largestTerm: 84, unit: 'installments' });
  });
});
