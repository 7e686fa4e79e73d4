import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParam,
  SIMULATION_COMPANY,
  simulationSendRequest,
  simulationSendResponse,
  simulationsResponse,
} from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { companyScope } from '../auth/scope';
import { requireClientAccess } from '../clients/clientAccess';
import { ApiError, TEXT } from '../http/errors';
import { sendSimulation } from './sendSimulation';
import { createSimulationsRepository } from './simulations.repository';

const tags = ['Simulação'];

const NOT_FOR_COMPANY = 'O envio de simulação está disponível apenas para a empresa 1.';

/** Sending simulations is for company 1 only (product-spec §6; docs/rules.md "Roles"). */
async function onlySimulationCompany(request: FastifyRequest): Promise<void> {
  if (request.pessoa.ID_Empresa !== SIMULATION_COMPANY) throw new ApiError(403, NOT_FOR_COMPANY);
}

export const simulationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/crm/simulacao/enviar',
    {
      preHandler: onlySimulationCompany,
      schema: {
        tags,
        summary:
          'Recalcula as operações selecionadas pela taxa em vigor, registra a simulação e a envia por e-mail ao cliente ' +
          '(taxa, IOF, CET, validade, parcela, prazo, líquido) quando há SMTP configurado. Apenas empresa 1.',
        body: simulationSendRequest,
        response: { 200: simulationSendResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.body.cliente.ClienteID);
      return sendSimulation(companyScope(request), request.pessoa.ID_Pessoa, request.body, {
        today: saoPauloDate(app.clock()),
        mail: app.config.mail,
        log: request.log,
      });
    },
  );

  // 'Histórico e Simulador' (product-spec §2, /atendimento; listing the simulations sent is our extension): every
  // role of the company may read a client's simulations, an attendant those of the clients they work
  // (clients/clientAccess.ts); any other client answers 404 like an unknown one.
  app.get(
    '/crm/simulacao/:ClienteID',
    {
      schema: {
        tags,
        summary: 'Simulações já enviadas para o cliente, da mais recente à mais antiga, com os valores de cada operação.',
        params: z.object({ ClienteID: idParam }),
        response: { 200: simulationsResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.params.ClienteID);
      const data = await createSimulationsRepository(companyScope(request)).ofClient(request.params.ClienteID);
      if (!data) throw new ApiError(404, TEXT.clientNotFound);
      return { success: true as const, text: data.length ? `${data.length} simulação(ões).` : 'Nenhuma simulação enviada.', data };
    },
  );
};
