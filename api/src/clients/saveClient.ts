import type { Client, ClientForm } from '@consig/shared/contracts';
import type { CalendarDate } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { createClientsRepository } from './clients.repository';

/**
 * Saves the client form (already checked by the contract, full mode: product-spec §5) on this company's client:
 * the one way a client's registration is written, by 'Salvar' (PUT /crm/cliente/{ClienteID}) and by a proposal
 * (POST crm/proposta/0). Run it on a transaction's scope so it commits with the caller's other writes; it throws
 * 404 'Cliente não encontrado.' for another company's or an unknown client and 400 naming a code that is no row
 * of its list (`{fieldPrefix}CO_Banco: Código inexistente.`), and the caller's transaction then writes nothing.
 * `today` (São Paulo) is the day the private payroll margin follows the pay on.
 */
export async function saveClientForm(
  scope: CompanyScope,
  clientId: number,
  form: ClientForm,
  today: CalendarDate,
  fieldPrefix = '',
): Promise<void> {
  const saved = await createClientsRepository(scope).update(clientId, form, today);
  if (saved.saved) return;
  if (saved.reason === 'clientNotFound') throw new ApiError(404, TEXT.clientNotFound);
  throw new ApiError(400, `${fieldPrefix}${saved.field}: Código inexistente.`);
}

/** PUT /crm/cliente/{ClienteID}: saves the form in one transaction and answers the client as now stored. */
export async function saveClient(scope: CompanyScope, clientId: number, form: ClientForm, today: CalendarDate): Promise<Client> {
  if (form.ClienteID !== clientId) throw new ApiError(400, 'ClienteID: O cadastro enviado é de outro cliente.');
  return scope.db.transaction(async (tx) => {
    const bound = { db: tx, companyId: scope.companyId };
    await saveClientForm(bound, clientId, form, today);
    return (await createClientsRepository(bound).byId(clientId))!;
  });
}
