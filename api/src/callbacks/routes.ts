import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALLBACK_TEXT,
  callbackMoveRequest,
  callbackMoveResponse,
  callbacksQuery,
  callbacksResponse,
  errorResponse,
  idParam,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { ownRowsOnly } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { listCallbacks, moveCallback } from './callbackCalendar';

const tags = ['Calendário de retornos'];

// Every role: an attendant reads and moves their own callbacks, supervisors and managers the company's.
export const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/retornos',
    {
      schema: {
        tags,
        summary:
          'Retornos ainda na fila (305 e ligações recebidas perdidas) que vencem entre inicio e fim (dias do calendário de São Paulo, ' +
          'inclusivos, no máximo 62). O atendente vê os seus; supervisores e gerentes, os de um atendente (ID_Atendente) ou os da empresa.',
        querystring: callbacksQuery,
        response: { 200: callbacksResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { inicio, fim, ID_Atendente } = request.query;
      const own = ownRowsOnly(request.pessoa);
      if (own !== null && ID_Atendente !== undefined && ID_Atendente !== own) throw new ApiError(403, CALLBACK_TEXT.othersCallbacks);
      return listCallbacks(companyScope(request), { from: inicio, to: fim, attendantId: own ?? ID_Atendente ?? null }, app.clock());
    },
  );

  app.put(
    '/crm/retornos/:FilaID',
    {
      schema: {
        tags,
        summary:
          'Reagenda um retorno que ainda está na fila para DT_Retorno, com as regras do DT_Retorno do resultado 305 (no futuro, ' +
          'nos próximos 60 dias). O atendente só os seus; supervisores e gerentes, os da empresa.',
        params: z.object({ FilaID: idParam }),
        body: callbackMoveRequest,
        response: { 200: callbackMoveResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      moveCallback(companyScope(request), ownRowsOnly(request.pessoa), request.params.FilaID, request.body.DT_Retorno, app.clock()),
  );
};
