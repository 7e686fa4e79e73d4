/** Mod-11 check digit over `digits`, weights counting down from digits.length + 1 to 2. */
function mod11Digit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits for the first nine digits of a CPF: '111444777' → '35'. Throws unless given exactly nine digits. */
export function cpfCheckDigits(nineDigits: string): string {
  if (!/^\d{9}$/.test(nineDigits)) throw new RangeError(`cpfCheckDigits needs 9 digits, got '${nineDigits}'`);
  const first = mod11Digit(nineDigits);
  const second = mod11Digit(nineDigits + first);
  return `${first}${second}`;
}

/** A valid 11-digit CPF from nine digits (seeds and tests): '111444777' → '11144477735'. */
export function makeCpf(nineDigits: string): string {
  return nineDigits + cpfCheckDigits(nineDigits);
}

/**
 * True for a CPF with correct check digits, with or without its punctuation ('111.444.777-35' or
 * '11144477735'). Any other character (letters, extra digits) makes it invalid rather than being ignored.
 * All-equal digits ('111.111.111-11') pass the sums but are not issued, so they are rejected.
 */
export function isValidCpf(value: string | null | undefined): boolean {
  const digits = (value ?? '').replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}
