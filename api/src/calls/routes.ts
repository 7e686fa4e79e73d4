import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, idParam, attendantCallsQuery, callsResponse } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import * as z from 'zod/mini';
import { ownRowsOnly } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { requireClientAccess } from '../clients/clientAccess';
import { ApiError } from '../http/errors';
import { attendantCalls, clientCalls } from './callLists';

const tags = ['Telefonia'];

export const OTHERS_CALLS_TEXT = 'Você só pode ver as suas próprias ligações.';

// Users only read calls: Kamailio's decisions and events write them (kamailioRoutes.ts), never a browser.
export const callRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/cliente/:id/ligacoes',
    {
      schema: {
        tags,
        summary:
          'Ligações do cliente, da mais recente para a mais antiga (no máximo 100). O atendente vê as de um cliente com ' +
          'quem trabalha (em mãos na fila, retorno, lead, proposta ou ligação dele, ou consultado hoje pelo CPF completo); ' +
          'supervisores e gerentes, de qualquer cliente.',
        params: z.object({ id: idParam }),
        response: { 200: callsResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.params.id);
      return clientCalls(companyScope(request), request.params.id, app.clock());
    },
  );

  app.get(
    '/telefonia/ligacoes',
    {
      schema: {
        tags,
        summary:
          'Ligações de um atendente num dia (calendário de São Paulo), da mais recente para a mais antiga. Padrões: o próprio ' +
          'usuário e hoje. O atendente só pede as suas; supervisores e gerentes, as de qualquer pessoa da empresa.',
        querystring: attendantCallsQuery,
        response: { 200: callsResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const personId = request.query.ID_Atendente ?? request.pessoa.ID_Pessoa;
      const own = ownRowsOnly(request.pessoa);
      if (own !== null && personId !== own) throw new ApiError(403, OTHERS_CALLS_TEXT);
      const now = app.clock();
      return attendantCalls(companyScope(request), personId, request.query.DT_Dia ?? saoPauloDate(now), now);
    },
  );
};
