import { CREDIT_TYPE, ML_BANK_IDS } from '@consig/shared/contracts';
import type { Db } from '../db';
import { createLookupsRepository } from '../lookups/lookups.repository';

/** An ML operation is typed at one of the ML banks of product-spec §9. */
export const ML_BANK_TEXT = 'Para ML, escolha Banco BMG, Banrisul, Banco Pan, Banco Safra ou Banco Daycoval.';

/** A code typed as a bank that names no bank (POST crm/proposta/0 and POST crm/atualizaOperacao say the same). */
export const UNKNOWN_BANK_TEXT = 'Banco inexistente.';

/** Why an operation of `creditType` cannot be at bank `code` (its COMPE code), or null when it can. */
export function mlBankIssue(creditType: number, code: number): string | null {
  return creditType === CREDIT_TYPE.ML && !ML_BANK_IDS.includes(code) ? ML_BANK_TEXT : null;
}

/**
 * The bank typed on a card must be a bank (reference data, the same for every company: any handle will do)
 * and, on an ML card, one of the ML banks.
 */
export async function bankCodeIssue(db: Db, creditType: number, code: number): Promise<string | null> {
  const unknown = await createLookupsRepository(db).unknownBanks([code]);
  return unknown.length > 0 ? UNKNOWN_BANK_TEXT : mlBankIssue(creditType, code);
}
