import { digitsOnly, sanitizeMoneyInput } from '@consig/shared';
import { centsToDecimalText, saoPauloDate } from '@consig/shared/credit';

/** Birth-year choices of product-spec §9, newest first (the youngest clients come first in the list). */
export const FIRST_BIRTH_YEAR = 1940;
export const LAST_BIRTH_YEAR = 2021;
export const BIRTH_YEARS: readonly number[] = Array.from(
  { length: LAST_BIRTH_YEAR - FIRST_BIRTH_YEAR + 1 },
  (_, index) => LAST_BIRTH_YEAR - index,
);

/** The current year of the São Paulo calendar: on 31 December at 22:00 there, it is still that year. */
export const currentSaoPauloYear = (now: Date = new Date()) => Number(saoPauloDate(now).slice(0, 4));

/**
 * Birth years → the age range the provider filters by (product-spec §5: "converted into ages from the
 * current year"). The later year gives the minimum age, whichever select it was picked in.
 */
export function yearsToAges(yearA: number, yearB: number, currentYear: number): { min: number; max: number } {
  return { min: currentYear - Math.max(yearA, yearB), max: currentYear - Math.min(yearA, yearB) };
}

/** Terms of product-spec §9 for INSS, the product these batches come from; 0 is "any" and goes as null. */
export const TERMS: readonly number[] = [0, 48, 60, 72, 84, 96];

/** Up to R$ 999.999.999,99: the cents stay a safe integer and fit the API's numeric(14,2). */
const MONEY_MAX_DIGITS = 11;
/** The rate field shows at most 5 characters (product-spec §5): '99,99'. */
export const RATE_MAX_CHARACTERS = 5;

/** Cents as pt-BR decimal text: 123456 → '1.234,56'. */
function centsText(cents: string): string {
  const padded = cents.padStart(3, '0');
  const whole = padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${padded.slice(-2)}`;
}

/**
 * A money input (product-spec §5 "Money inputs accept digits only and show the pt-BR two-decimal format"):
 * whatever is typed, only its digits count, read as cents; '12345' shows '123,45', 'abc' shows ''.
 */
export function maskMoneyDigits(raw: string): string {
  const cents = digitsOnly(raw).replace(/^0+/, '').slice(0, MONEY_MAX_DIGITS);
  return cents === '' ? '' : centsText(cents);
}

/**
 * The rate as a person types a percentage: a comma (or a dot) starts the decimals, at most
 * two digits on each side, so at most 5 displayed characters ('99,99', product-spec §5). Pasted '1,85123' is
 * '1,85' (never '18,51', as a digits-as-cents mask made it); without a separator, digits past the second go
 * after a comma ('185' → '18,5'), so the field never shows more than it sends.
 */
export function maskRate(raw: string): string {
  const [typedWhole = '', ...typedDecimals] = raw.replace(/\./g, ',').split(',');
  const wholeDigits = digitsOnly(typedWhole).replace(/^0+(?=\d)/, '');
  const hasSeparator = typedDecimals.length > 0;
  const whole = wholeDigits.slice(0, 2);
  const decimals = (hasSeparator ? digitsOnly(typedDecimals.join('')) : wholeDigits.slice(2)).slice(0, 2);
  if (!hasSeparator && decimals === '') return whole;
  return `${whole || '0'},${decimals}`;
}

/** The displayed rate as the API reads it: '1,85' → '1.85', '1,' → '1', '' → null. */
export function rateTextToDecimal(text: string): string | null {
  const decimal = sanitizeMoneyInput(text).replace(/\.$/, '');
  return decimal === '' ? null : decimal;
}

/**
 * A displayed money value as the API reads it (the decimal text of the contract, from whole cents, never a
 * float): '1.234,56' → '1234.56'; '' → null.
 */
export function moneyTextToDecimal(text: string): string | null {
  const cents = digitsOnly(text);
  return cents === '' ? null : centsToDecimalText(Number(cents));
}

/** Counts (paid instalments, contracts, client limit): digits only, at most `max` of them. */
export const maskCount = (raw: string, max: number) => digitsOnly(raw).slice(0, max);
