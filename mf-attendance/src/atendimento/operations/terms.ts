import { CREDIT_TYPES } from '@consig/shared';

export const CREDIT_TYPE_ID = { INSS: 1, ML: 2, SIAPE: 3, FGTS: 4, CCP: 5, EGC: 6, EGI: 7 } as const;

/** The tab label of a credit type (INSS, ML, SIAPE, FGTS, Crédito Privado, EGC, EGI). */
export const creditTypeLabel = (id: number) => CREDIT_TYPES.find((type) => type.ID_TipoCredito === id)?.label ?? String(id);

/** Terms offered per credit type (product-spec §9); FGTS counts anticipated yearly installments. */
const TERMS: Record<number, readonly number[]> = {
  [CREDIT_TYPE_ID.INSS]: [0, 48, 60, 72, 84, 96],
  [CREDIT_TYPE_ID.ML]: [0, 48, 60, 72, 84, 96],
  [CREDIT_TYPE_ID.CCP]: [12, 24, 36, 48, 60],
  [CREDIT_TYPE_ID.FGTS]: [2, 3, 4, 5, 6, 7, 8, 9, 10],
};

/** The term choices of a card: the list of §9, always with the operation's current term (§9 names no list for SIAPE, EGC, EGI). */
export function termsFor(creditType: number, current: number): number[] {
  const terms = TERMS[creditType] ?? [];
  return terms.includes(current) ? [...terms] : [...terms, current].sort((a, b) => a - b);
}
