import { CREDIT_TYPE, ML_BANK_IDS } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { createProposalsRepository } from '../proposals/proposals.repository';

/** An ML operation is typed at one of the ML banks of product-spec §9. */
export const ML_BANK_TEXT = 'Para ML, escolha Banco BMG, Banrisul, Banco Pan, Banco Safra ou Banco Daycoval.';

/** Why an operation of `creditType` cannot be at bank `code` (its COMPE code), or null when it can. */
export function mlBankIssue(creditType: number, code: number): string | null {
  return creditType === CREDIT_TYPE.ML && !ML_BANK_IDS.includes(code) ? ML_BANK_TEXT : null;
}

/**
 * The bank typed on a card must be a bank (reference data, the same for every company) and, on an ML card,
 * one of the ML banks. The texts follow POST crm/proposta/0's ('Banco inexistente.').
 */
export async function bankCodeIssue(scope: CompanyScope, creditType: number, code: number): Promise<string | null> {
  const unknown = await createProposalsRepository(scope).unknownBanks([code]);
  return unknown.length > 0 ? 'Banco inexistente.' : mlBankIssue(creditType, code);
}
