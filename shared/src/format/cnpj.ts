/**
 * CNPJ, numeric or alphanumeric (IN RFB 2.229/2024, in force from July 2026; docs/rules.md "Rules in force"):
 * 12 characters [0-9A-Z] then 2 numeric check digits. Each character is worth its ASCII code − 48 (so digits
 * keep their value and 'A' is 17), and the check digits are the usual mod-11 with weights 2..9 from the right.
 */
const CNPJ_LENGTH = 14;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS];

/** Keeps letters (upper-cased) and digits: '12.abc.345/01de-35' → '12ABC34501DE35'. */
export function cnpjCharacters(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function checkDigit(base: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += (base.charCodeAt(i) - 48) * weights[i];
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of the first twelve characters: '12ABC34501DE' → '35'. */
export function cnpjCheckDigits(twelve: string): string {
  if (!/^[0-9A-Z]{12}$/.test(twelve)) throw new RangeError(`cnpjCheckDigits needs 12 characters [0-9A-Z], got '${twelve}'`);
  const first = checkDigit(twelve, FIRST_WEIGHTS);
  return `${first}${checkDigit(twelve + first, SECOND_WEIGHTS)}`;
}

/**
 * True for a CNPJ with correct check digits, bare ('12ABC34501DE35') or masked ('12.ABC.345/01DE-35'), letters
 * in either case. Other characters make it invalid rather than being ignored; all-equal characters are rejected.
 */
export function isValidCnpj(value: string | null | undefined): boolean {
  const text = (value ?? '').toUpperCase();
  if (!/^[0-9A-Z.\-/]*$/.test(text)) return false;
  const bare = cnpjCharacters(text);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(bare) || bare.length !== CNPJ_LENGTH) return false;
  if (/^(.)\1{13}$/.test(bare)) return false;
  return cnpjCheckDigits(bare.slice(0, 12)) === bare.slice(12);
}

const CNPJ_PATTERN = '99.999.999/9999-99';

/**
 * The CNPJ mask of product-spec §5 (99.999.999/9999-99) where each of the first twelve slots also takes a
 * letter (upper-cased) and the last two only digits: '12abc34501de35' → '12.ABC.345/01DE-35'. Like
 * `applyMask`, a literal is written only when a character follows it; anything past a non-digit in the
 * check-digit slots is dropped.
 */
export function maskCnpj(value: string | null | undefined): string {
  let kept = '';
  for (const char of cnpjCharacters(value)) {
    if (kept.length === CNPJ_LENGTH || (kept.length >= 12 && !/\d/.test(char))) break;
    kept += char;
  }
  let out = '';
  let next = 0;
  for (const slot of CNPJ_PATTERN) {
    if (next >= kept.length) break;
    out += slot === '9' ? kept[next++] : slot;
  }
  return out;
}
