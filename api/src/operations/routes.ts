import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateOperationRequest, updateOperationResponse, errorResponse, idParam, operationsResponse } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import * as z from 'zod/mini';
import { companyScope } from '../auth/scope';
import { requireClientAccess, requireOperationAccess } from '../clients/clientAccess';
import { ApiError, TEXT } from '../http/errors';
import { operationCard } from './operationCard';
import { OPERATION_NOT_FOUND } from './pricing';
import { createOperationsRepository } from './operations.repository';
import { recalculate } from './recalculation';

const tags = ['Operação'];

// Every role of the company works clients and their operations (product-spec §1, §6): no role check, but an
// attendant only those of the clients they work (clients/clientAccess.ts). Another company's client or operation, and
// one of a client the attendant does not work, answer exactly like an unknown one (404).
export const operationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Contract dates and "in force" days are São Paulo calendar days (docs/rules.md "Credit arithmetic"). */
  const today = () => saoPauloDate(app.clock());

  app.get(
    '/crm/cliente/operacoes/:ClienteID',
    {
      schema: {
        tags,
        summary: 'Operações do cliente, com a oferta calculada pela taxa em vigor (valores em texto decimal, 1234.56).',
        params: z.object({ ClienteID: idParam }),
        response: { 200: operationsResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.params.ClienteID);
      const on = today();
      const stored = await createOperationsRepository(companyScope(request)).ofClient(request.params.ClienteID, on);
      if (!stored) throw new ApiError(404, TEXT.clientNotFound);
      return {
        success: true,
        text: stored.length ? `${stored.length} operação(ões).` : 'Nenhuma operação.',
        data: stored.map((op) => operationCard(op, on)),
      };
    },
  );

  app.post(
    '/crm/atualizaOperacao',
    {
      schema: {
        tags,
        summary:
          'Recalcula a oferta (tabela Price, IOF, CET, margem, prazos e limites em vigor) e a grava com SN_Selecionado, ' +
          'os dados bancários da operação (só números) e os campos do cliente enviados, em uma transação. ' +
          'Oferta impossível: success false com o motivo; campo inválido: 400. Nos dois casos nada é gravado.',
        body: updateOperationRequest,
        response: { 200: updateOperationResponse, 404: errorResponse },
      },
    },
    async (request) => {
      // The recalculation also saves the client fields it carries.
      await requireOperationAccess(request, request.body.OperacaoID, OPERATION_NOT_FOUND);
      return recalculate(companyScope(request), request.body, today());
    },
  );
};
