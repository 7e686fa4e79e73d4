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
export const phoneSchema = z.string({ error: 'Campo obrigatório.' }).check(
  z.minLength(1, { error: 'Campo obrigatório.', abort: true }),
  z.regex(/^\d+$/, { error: 'Apenas números.', abort: true }),
  z.length(PHONE_DIGITS, { error: 'Deve conter 11 dígitos.' }),
);

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
