import { TERMS_BY_CREDIT_TYPE, type Operation } from '@consig/shared';

/** product-spec §9's 0 in the INSS and ML lists: no term chosen yet. It reads 'Selecione' and is never sent. */
export const NO_TERM = 0;

export interface TermChoice {
  term: number;
  label: string;
  /** Shown (it is the card's value) but not choosable: 'Selecione', or a term above the limit in force. */
  disabled: boolean;
}

/**
 * The term choices of a card: the terms in force the server lists for it (NU_PrazosPermitidos; the type's list
 * without 0 from an older API), plus the card's current value when it is none of them, shown but not choosable:
 * 'Selecione' for no term yet, or a stored term above the limit in force (its card says why there is no offer).
 */
export function termChoices(operation: Pick<Operation, 'ID_TipoCredito' | 'NU_PrazosPermitidos'>, current: number): TermChoice[] {
  const offered =
    operation.NU_PrazosPermitidos ?? (TERMS_BY_CREDIT_TYPE[operation.ID_TipoCredito] ?? []).filter((term) => term !== NO_TERM);
  const choices = offered.map((term) => ({ term, label: String(term), disabled: false }));
  if (offered.includes(current)) return choices;
  const shown = { term: current, label: current === NO_TERM ? 'Selecione' : String(current), disabled: true };
  return [...choices, shown].sort((a, b) => a.term - b.term);
}
