/**
 * The call lists users read (docs/rules.md "Calls"). Who may see what is decided by the route (`ownRowsOnly`,
 * clients/clientAccess.ts); the SQL is in calls.repository.ts.
 */
import type { CallsResponse } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createCallsRepository } from './calls.repository';

export const ATTENDANT_NOT_FOUND_TEXT = 'Atendente não encontrado.';

const listText = (count: number) => (count === 0 ? 'Nenhuma ligação.' : `${count} ligação(ões).`);

/**
 * GET /crm/cliente/{id}/ligacoes, once the route has checked that the client is the company's and one the caller
 * works (clients/clientAccess.ts: 404 otherwise).
 */
export async function clientCalls(scope: CompanyScope, clientId: number, now: Date): Promise<CallsResponse> {
  const data = await createCallsRepository(scope).ofClient(clientId, now);
  return { success: true, text: listText(data.length), data };
}

/** GET /telefonia/ligacoes: `personId`'s calls of the São Paulo day `day` ('YYYY-MM-DD'); another company's person is 404. */
export async function attendantCalls(scope: CompanyScope, personId: number, day: string, now: Date): Promise<CallsResponse> {
  const calls = createCallsRepository(scope);
  if (!(await calls.personExists(personId))) throw new ApiError(404, ATTENDANT_NOT_FOUND_TEXT);
  const data = await calls.ofAttendantOn(personId, day, now);
  return { success: true, text: listText(data.length), data };
}
