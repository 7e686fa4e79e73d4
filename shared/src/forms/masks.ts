import { MASK_PATTERNS, maskCep, maskCnpj, maskCpf, maskDate, maskPhone, sanitizeMoneyInput } from '@consig/shared';

/** How a masked field formats what the user types, and which keyboard it asks a phone for. */
export interface FieldMask {
  apply: (value: string) => string;
  inputMode: 'numeric' | 'decimal';
  /** The longest value the mask writes (none for money). */
  maxLength?: number;
}

/** The masks of product-spec §5 "Masks and formats" and "Money". */
export const FIELD_MASKS = {
  date: { apply: maskDate, inputMode: 'numeric', maxLength: MASK_PATTERNS.date.length },
  cpf: { apply: maskCpf, inputMode: 'numeric', maxLength: MASK_PATTERNS.cpf.length },
  cnpj: { apply: maskCnpj, inputMode: 'numeric', maxLength: MASK_PATTERNS.cnpj.length },
  cep: { apply: maskCep, inputMode: 'numeric', maxLength: MASK_PATTERNS.cep.length },
  phone: { apply: maskPhone, inputMode: 'numeric', maxLength: MASK_PATTERNS.phone.length },
  money: { apply: sanitizeMoneyInput, inputMode: 'decimal' },
} as const satisfies Record<string, FieldMask>;

export type MaskName = keyof typeof FIELD_MASKS;
