import { MASK_PATTERNS, maskCep, maskCnpj, maskCpf, maskDate, maskPhone, sanitizeMoneyInput, stripPhonePunctuation } from '@consig/shared';

/** How a masked field formats what the user types, and which keyboard it asks a phone for. */
export interface FieldMask {
  apply: (value: string) => string;
  inputMode: 'numeric' | 'decimal' | 'text';
  /** The longest value the mask writes (none for money). */
  maxLength?: number;
}

/** The UF mask of product-spec §5 ("State two letters"): letters only, upper case, at most two. */
export const maskUf = (value: string) =>
  value
    .replace(/[^a-zA-Z]/g, '')
    .slice(0, 2)
    .toUpperCase();

/** The masks of product-spec §5 "Masks and formats" and "Money". */
export const FIELD_MASKS = {
  date: { apply: maskDate, inputMode: 'numeric', maxLength: MASK_PATTERNS.date.length },
  cpf: { apply: maskCpf, inputMode: 'numeric', maxLength: MASK_PATTERNS.cpf.length },
  cnpj: { apply: maskCnpj, inputMode: 'numeric', maxLength: MASK_PATTERNS.cnpj.length },
  cep: { apply: maskCep, inputMode: 'numeric', maxLength: MASK_PATTERNS.cep.length },
  uf: { apply: maskUf, inputMode: 'text', maxLength: 2 },
  phone: { apply: maskPhone, inputMode: 'numeric', maxLength: MASK_PATTERNS.phone.length },
  // Digits as the contracts keep them (DE_Telefone): a pasted '(11) 91234-5678' becomes 11912345678. No length cap:
  // the written form is longer than its 11 digits, and the schema says 'Deve conter 11 dígitos.' itself.
  phoneDigits: { apply: stripPhonePunctuation, inputMode: 'numeric' },
  money: { apply: sanitizeMoneyInput, inputMode: 'decimal' },
} as const satisfies Record<string, FieldMask>;

export type MaskName = keyof typeof FIELD_MASKS;
