import { digitsOnly } from './digits';

/** Input masks of product-spec §5 ("Masks and formats"); '9' stands for one digit, anything else is a literal. */
export const MASK_PATTERNS = {
  date: '99-99-9999',
  cpf: '999.999.999-99',
  cnpj: '99.999.999/9999-99',
  cep: '99999-999',
  phone: '(99) 99999-9999',
} as const;

/**
 * Formats while the user types: takes the digits of `value` (so pasted punctuation is harmless), fills the
 * pattern's '9' slots in order and drops digits beyond the last slot. A literal is written only when a digit
 * follows it, so a partial value never ends in a separator and backspace over a separator is not undone.
 */
export function applyMask(value: string | null | undefined, pattern: string): string {
  const digits = digitsOnly(value);
  let out = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= digits.length) break;
    if (slot === '9') out += digits[next++];
    else out += slot;
  }
  return out;
}

/** '24122024' → '24-12-2024'. */
export const maskDate = (value: string | null | undefined) => applyMask(value, MASK_PATTERNS.date);
/** '11144477735' → '111.444.777-35'. */
export const maskCpf = (value: string | null | undefined) => applyMask(value, MASK_PATTERNS.cpf);
/** '11222333000181' → '11.222.333/0001-81'; letters too, for the alphanumeric CNPJ (see cnpj.ts). */
export { maskCnpj } from './cnpj';
/** '01001000' → '01001-000'. */
export const maskCep = (value: string | null | undefined) => applyMask(value, MASK_PATTERNS.cep);
/** '11987654321' → '(11) 98765-4321' (phones are 11 digits, product-spec §9). */
export const maskPhone = (value: string | null | undefined) => applyMask(value, MASK_PATTERNS.phone);
