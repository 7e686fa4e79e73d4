/** Brazilian masks, formatters and validators shared by every app (product-spec §5, §9). Pure functions, no React. */
export { digitsOnly } from './digits';
export { MASK_PATTERNS, applyMask, maskDate, maskCpf, maskCnpj, maskCep, maskPhone } from './mask';
export { isValidCpf, cpfCheckDigits, makeCpf } from './cpf';
export { isValidCnpj, cnpjCheckDigits, cnpjCharacters } from './cnpj';
export {
  type DateParts,
  parseDate,
  isValidDate,
  compactDate,
  toIsoDate,
  toCompactDate,
  formatSaoPauloDateTime,
  formatMinutesSeconds,
  formatHoursMinutesSeconds,
  formatElapsed,
} from './date';
export { formatBRL, formatDecimal, sanitizeMoneyInput } from './money';
export {
  PHONE_DIGITS,
  HIDDEN_PHONE,
  phoneSchema,
  whatsappLink,
  dialNumber,
  maskHidden,
  nationalNumber,
  areaCodeOf,
  formatPhoneNumber,
  stripPhonePunctuation,
} from './phone';
