import { TERMS_BY_CREDIT_TYPE } from '@consig/shared';

/** The term choices of a card: the list of §9, always with the operation's current term (§9 names no list for SIAPE, EGC, EGI). */
export function termsFor(creditType: number, current: number): number[] {
  const terms = TERMS_BY_CREDIT_TYPE[creditType] ?? [];
  return terms.includes(current) ? [...terms] : [...terms, current].sort((a, b) => a - b);
}
