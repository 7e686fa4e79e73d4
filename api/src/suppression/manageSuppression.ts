/**
 * Changes to the company's suppression list ('Não Me Perturbe'), each committed with its audit row
 * (docs/rules.md "Audit": every change made in Cadastros is recorded, who, when and from which address).
 */
import { recordAudit } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { createSuppressionRepository } from './suppression.repository';

/** Who asks for the change and from which address (request.ip). */
export interface SuppressionCaller {
  personId: number;
  address: string | null;
}

/** Adds one number typed by hand; false when it was already on the list (nothing changes, nothing is recorded). */
export function addSuppressedNumber(scope: CompanyScope, number: string, caller: SuppressionCaller): Promise<boolean> {
  return scope.db.transaction(async (tx) => {
    const added = await createSuppressionRepository({ db: tx, companyId: scope.companyId }).add([number], 'manual');
    if (added === 0) return false;
    await recordAudit(tx, {
      companyId: scope.companyId,
      personId: caller.personId,
      action: 'nao_perturbe.inclusao',
      address: caller.address,
      after: { DE_Telefone: number, DE_Origem: 'manual' },
    });
    return true;
  });
}

/** Takes a number off the list; false when it was not on it. */
export function removeSuppressedNumber(scope: CompanyScope, number: string, caller: SuppressionCaller): Promise<boolean> {
  return scope.db.transaction(async (tx) => {
    const origin = await createSuppressionRepository({ db: tx, companyId: scope.companyId }).remove(number);
    if (origin === undefined) return false;
    await recordAudit(tx, {
      companyId: scope.companyId,
      personId: caller.personId,
      action: 'nao_perturbe.remocao',
      address: caller.address,
      before: { DE_Telefone: number, DE_Origem: origin },
    });
    return true;
  });
}

/**
 * Adds a file's numbers, all or nothing; answers how many were new. The audit row keeps the counts and the origin,
 * not the numbers: a file may hold hundreds of thousands, and the list itself says which they are.
 */
export function importSuppressedNumbers(
  scope: CompanyScope,
  numbers: string[],
  origin: string,
  caller: SuppressionCaller,
): Promise<number> {
  return scope.db.transaction(async (tx) => {
    const added = await createSuppressionRepository({ db: tx, companyId: scope.companyId }).add(numbers, origin);
    await recordAudit(tx, {
      companyId: scope.companyId,
      personId: caller.personId,
      action: 'nao_perturbe.importacao',
      address: caller.address,
      detail: { DE_Origem: origin, NU_Lidos: numbers.length, NU_Incluidos: added },
    });
    return added;
  });
}
