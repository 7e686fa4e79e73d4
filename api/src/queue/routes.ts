import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  campaignQueueResponse,
  idParam,
  nextClientResponse,
  ROLE,
  callOutcomeRequest,
  callOutcomeResponse,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createQueueRepository } from './queue.repository';
import { callableNow, nextClient, tabulate } from './workingDay';

const tags = ['Fila de atendimento'];

export const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/cliente/proximo',
    {
      schema: {
        tags,
        summary:
          'Próximo cliente do atendente: o que ele já tem em mãos; senão um retorno dele vencido, uma nova tentativa vencida ou o pendente mais antigo, ' +
          'das campanhas em andamento em que está selecionado, só quem pode ser chamado agora (docs/rules.md). Reserva por 30 minutos.',
        response: { 200: nextClientResponse },
      },
    },
    async (request) => {
      const answer = await nextClient(companyScope(request), request.pessoa.ID_Pessoa, app.clock());
      // The board shows the client and campaign the attendant now holds.
      await app.floor.refresh(request.pessoa.ID_Empresa, request.pessoa.ID_Pessoa, { figures: true });
      return answer;
    },
  );

  app.put(
    '/crm/tabulacao/cliente',
    {
      schema: {
        tags,
        summary:
          'Resultado da ligação do cliente que o atendente tem em mãos: 301 nova tentativa em 30 min (até 3), 302 não ligar mais, ' +
          '303/304 encerra, 305 retorno (DT_Retorno opcional), 306 encerra e cria lead.',
        body: callOutcomeRequest,
        response: { 200: callOutcomeResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const answer = await tabulate(companyScope(request), request.pessoa.ID_Pessoa, request.body, app.clock());
      // An outcome ends after-call work (docs/rules.md "Attendant state").
      await app.floor.refresh(request.pessoa.ID_Empresa, request.pessoa.ID_Pessoa, { figures: true });
      return answer;
    },
  );

  app.get(
    '/cadastro/campanha/:id/fila',
    {
      preHandler: requireRole(ROLE.SUPERVISOR, ROLE.GERENTE),
      schema: {
        tags,
        summary: 'Andamento da fila da campanha e, entre os clientes em espera, quantos cada regra segura agora.',
        params: z.object({ id: idParam }),
        response: { 200: campaignQueueResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const queue = createQueueRepository(companyScope(request));
      if (!(await queue.campaignExists(request.params.id))) throw new ApiError(404, 'Campanha não encontrada.');
      const data = await queue.progress(request.params.id, callableNow(await queue.callingWindow(), app.clock()));
      return { success: true, text: `${data.NU_Total} cliente(s) na fila.`, data };
    },
  );
};
