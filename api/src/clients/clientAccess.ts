/**
 * Who may read or change one client's data (issue 21 item 3; docs/rules.md "Clients and lookups"), the one place of
 * that rule: every route that answers or changes a client's data by its id asks it first. Supervisors (12) and
 * managers (13) work the company's clients. An attendant (11) works a client only when they hold it from the queue
 * now or own a callback of it there, it is one of their leads or proposals, a call between them is in the call
 * records, or they looked it up by its full CPF today ('Novo Cliente'). Any other client answers 404 with the text of
 * a client that does not exist, so sequential ids reveal nothing. The SQL is in clientAccess.repository.ts.
 */
import { saoPauloDate } from '@consig/shared/credit';
import type { FastifyRequest } from 'fastify';
import { ownRowsOnly } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { createClientAccessRepository } from './clientAccess.repository';

const access = (request: FastifyRequest) => createClientAccessRepository(companyScope(request));
const today = (request: FastifyRequest) => saoPauloDate(request.server.clock());

/**
 * 404 (`notFoundText`, by default 'Cliente não encontrado.') unless the client is the caller's company's and the
 * caller may work it. A route whose unknown ids answer another text (a document, an operation) passes that text, so
 * a client the attendant does not work answers exactly like another company's.
 */
export async function requireClientAccess(request: FastifyRequest, clientId: number, notFoundText: string = TEXT.clientNotFound) {
  if (!(await access(request).mayWork(clientId, ownRowsOnly(request.pessoa), today(request)))) throw new ApiError(404, notFoundText);
}

/** requireClientAccess for the client of an operation: 404 `notFoundText` for another company's operation too. */
export async function requireOperationAccess(request: FastifyRequest, operationId: number, notFoundText: string) {
  const clientId = await access(request).clientOfOperation(operationId);
  if (clientId === undefined) throw new ApiError(404, notFoundText);
  await requireClientAccess(request, clientId, notFoundText);
}

/**
 * 'Novo Cliente': an attendant who typed the client's full CPF has the client in front of them (on the phone, at the
 * desk), so they work it until the São Paulo day ends, as long as that day's work on it takes (form, simulation,
 * proposal); by then a lead, proposal or call usually relates them, and otherwise the CPF is asked again. Supervisors
 * and managers need no grant.
 */
export async function grantCpfLookup(request: FastifyRequest, clientId: number): Promise<void> {
  const attendantId = ownRowsOnly(request.pessoa);
  if (attendantId === null) return;
  const now = request.server.clock();
  await access(request).grantCpfLookup(attendantId, clientId, saoPauloDate(now), now);
}
