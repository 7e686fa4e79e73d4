import { TERMS_BY_CREDIT_TYPE } from '@consig/shared';

/** The term choices of a card: its credit type's list (TERMS_BY_CREDIT_TYPE), always with the operation's current term. */
export function termsFor(creditType: number, current: number): number[] {
  const terms = TERMS_BY_CREDIT_TYPE[creditType] ?? [];
  return terms.includes(current) ? [...terms] : [...terms, current].sort((a, b) => a - b);
}
