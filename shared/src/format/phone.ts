import * as z from 'zod/mini';
import { digitsOnly } from './digits';

/** Brazilian mobile: two-digit area code (DDD) plus nine digits (product-spec §9). */
export const PHONE_DIGITS = 11;

/** What a hidden phone shows (product-spec §2): always eleven x, so the length leaks nothing either. */
export const HIDDEN_PHONE = 'x'.repeat(PHONE_DIGITS);

/**
 * DE_Telefone of the add-phone dialog (product-spec §5), one message at a time in the spec's order:
 * 'Campo obrigatório.' (absent or empty), then 'Apenas números.', then 'Deve conter 11 dígitos.'.
 * `abort` stops at the first failing check, so a form shows a single message, never two.
 */
export const phoneSchema = z
  .string({ error: 'Campo obrigatório.' })
  .check(
    z.minLength(1, { error: 'Campo obrigatório.', abort: true }),
    z.regex(/^\d+$/, { error: 'Apenas números.', abort: true }),
    z.length(PHONE_DIGITS, { error: 'Deve conter 11 dígitos.' }),
  );

/**
 * Non-geographic numbers (0300, 0303, 0500, 0800, 0900 + 7 digits): no DDD in them, kept as they are. No DDD
 * has a 0 in it, so a 0 followed by one of these codes is never a trunk zero before a DDD.
 */
const NON_GEOGRAPHIC = /^0(300|303|500|800|900)\d{7}$/;

/** A DDD is two digits 1–9 (Anatel's plan has no 0 in an area code); the number after it 8 or 9 digits. */
const NATIONAL = /^[1-9]{2}\d{8,9}$/;

/**
 * A phone number as a call's end names it (a dialled number, a caller's address), brought to the form the
 * company's data keeps phones in: DDD + number (10 or 11 digits), or a non-geographic number (0800…); null
 * when it is neither (an extension, a short code, letters, nothing). Accepted around it:
 *
 * - anything that is not a digit ('+', spaces, dashes, parentheses);
 * - the leading 0 the softphone adds before DDD + number (product-spec §9: 0 11 98765-4321);
 * - that 0 followed by a two-digit carrier selection code (código de seleção de prestadora: 0 21 11 98765-4321,
 *   13 or 14 digits): the carrier is the trunk's business, the number is the last 10 or 11 digits;
 * - the country code, '+55' / '55' (12 or 13 digits), or with the international prefix '0055'.
 */
export function nationalNumber(raw: string): string | null {
  const digits = digitsOnly(raw);
  if (NON_GEOGRAPHIC.test(digits)) return digits;
  let number = digits;
  if (/^0055\d{10,11}$/.test(number)) number = number.slice(4);
  else if (/^55\d{10,11}$/.test(number)) number = number.slice(2);
  else if (/^0\d{10,11}$/.test(number)) number = number.slice(1);
  else if (/^0\d{12,13}$/.test(number)) number = number.slice(3);
  return NATIONAL.test(number) ? number : null;
}

/**
 * A phone number for reading: '1130030303' → '(11) 3003-0303', '11987654321' → '(11) 98765-4321',
 * '03031234567' → '0303 123 4567' (non-geographic: code, then 3 + 4 digits). Anything else (an extension, a
 * short code) comes back as it was.
 */
export function formatPhoneNumber(number: string | null | undefined): string {
  const digits = digitsOnly(number);
  if (NON_GEOGRAPHIC.test(digits)) return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  if (NATIONAL.test(digits)) return `(${digits.slice(0, 2)}) ${digits.slice(2, -4)}-${digits.slice(-4)}`;
  return number ?? '';
}

/**
 * What a phone input keeps of what was typed or pasted: the punctuation a written number
 * carries ('(11) 91234-5678', '+55 11 91234.5678') goes; letters and anything else stay, so the add-phone
 * rules ('Apenas números.', 'Deve conter 11 dígitos.', product-spec §5) still speak about them.
 */
export function stripPhonePunctuation(raw: string | null | undefined): string {
  return (raw ?? '').replace(/[\s().+\-/]/g, '');
}

/** The DDD of a national number ('11987654321' → '11'); null for a non-geographic one. */
export function areaCodeOf(number: string): string | null {
  return NATIONAL.test(number) ? number.slice(0, 2) : null;
}

/** WhatsApp chat link: country code 55 plus the number's digits (product-spec §2, §9). */
export function whatsappLink(phone: string | null | undefined): string {
  return `https://wa.me/55${digitsOnly(phone)}`;
}

/**
 * The string handed to the softphone. Product-spec §9: a leading 0 is added when the area code has two
 * digits, i.e. the number is a DDD plus an 8- or 9-digit number (10 or 11 digits): '11987654321' →
 * '011987654321'. Numbers already starting with 0 and anything else (internal extensions such as '1001')
 * are dialed as their digits, unchanged.
 */
export function dialNumber(phone: string | null | undefined): string {
  const digits = digitsOnly(phone);
  const hasTwoDigitAreaCode = digits.length === 10 || digits.length === 11;
  return hasTwoDigitAreaCode && !digits.startsWith('0') ? `0${digits}` : digits;
}

/** The hidden form of any phone; the number is taken only so call sites read naturally. */
export function maskHidden(_phone?: string | null): string {
  return HIDDEN_PHONE;
}
