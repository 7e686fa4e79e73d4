import {
  BIRTH_YEARS,
  currentSaoPauloYear,
  maskCount,
  maskMoneyDigits,
  maskRate,
  moneyTextToDecimal,
  rateTextToDecimal,
  yearsToAges,
} from './inputs';

test('birth years run from 2021 down to 1940', () => {
  expect(BIRTH_YEARS[0]).toBe(2021);
  expect(BIRTH_YEARS[BIRTH_YEARS.length - 1]).toBe(1940);
  expect(BIRTH_YEARS).toHaveLength(82);
});

test('birth years become ages from the current year, whichever order they were picked in', () => {
  expect(yearsToAges(1960, 1990, 2026)).toEqual({ min: 36, max: 66 });
  expect(yearsToAges(1990, 1960, 2026)).toEqual({ min: 36, max: 66 });
  expect(yearsToAges(1975, 1975, 2026)).toEqual({ min: 51, max: 51 });
});

test('the current year is the São Paulo one: New Year in UTC is still the old year there', () => {
  expect(currentSaoPauloYear(new Date('2026-01-01T02:00:00Z'))).toBe(2025);
  expect(currentSaoPauloYear(new Date('2026-01-01T03:00:00Z'))).toBe(2026);
});

test('money inputs keep digits only and show them as pt-BR cents', () => {
  expect(maskMoneyDigits('1')).toBe('0,01');
  expect(maskMoneyDigits('12345')).toBe('123,45');
  expect(maskMoneyDigits('R$ 1a2.3,4-5')).toBe('123,45');
  expect(maskMoneyDigits('123456789')).toBe('1.234.567,89');
  expect(maskMoneyDigits('000')).toBe('');
  expect(maskMoneyDigits('abc')).toBe('');
  // Deleting the last character of '123,45' gives '123,4': the digits shift back to '12,34'.
  expect(maskMoneyDigits('123,4')).toBe('12,34');
});

test('the rate reads a comma as its decimal separator and shows at most 5 characters', () => {
  expect(maskRate('1,85')).toBe('1,85');
  expect(maskRate('1.85')).toBe('1,85');
  // Pasted with more decimals than it keeps: 1.85, never 18.51.
  expect(maskRate('1,85123')).toBe('1,85');
  expect(maskRate('1,')).toBe('1,');
  expect(maskRate(',5')).toBe('0,5');
  expect(maskRate('2')).toBe('2');
  expect(maskRate('185')).toBe('18,5');
  expect(maskRate('123456')).toBe('12,34');
  expect(maskRate('99999')).toHaveLength(5);
  expect(maskRate('abc')).toBe('');
});

test('the displayed rate goes to the API as decimal text, empty as null', () => {
  expect(rateTextToDecimal('1,85')).toBe('1.85');
  expect(rateTextToDecimal(maskRate('1,85123'))).toBe('1.85');
  expect(rateTextToDecimal('1,')).toBe('1');
  expect(rateTextToDecimal('12,5')).toBe('12.5');
  expect(rateTextToDecimal('')).toBeNull();
});

test('displayed money goes to the API as decimal text, empty as null', () => {
  expect(moneyTextToDecimal('1.234,56')).toBe('1234.56');
  expect(moneyTextToDecimal('0,01')).toBe('0.01');
  expect(moneyTextToDecimal('99,99')).toBe('99.99');
  expect(moneyTextToDecimal('')).toBeNull();
});

test('counts keep digits only, up to their length', () => {
  expect(maskCount('1a2b3c4', 3)).toBe('123');
});
