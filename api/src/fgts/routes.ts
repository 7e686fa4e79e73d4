import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGENCY, CREDIT_TYPE, errorResponse, fgtsBalanceRequest, fgtsBalanceResponse } from '@consig/shared/contracts';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { FGTS_BALANCE_JOB, FGTS_BALANCE_MAX_ATTEMPTS, type FgtsBalancePayload } from './balanceJob';
import { createFgtsRepository } from './fgts.repository';

const tags = ['FGTS'];

export const FGTS_TEXT = {
  requested: 'Consulta de saldo FGTS solicitada. O resultado chega em instantes.',
  alreadyRequested: 'A consulta de saldo FGTS desta operação já está em andamento. O resultado chega em instantes.',
  operationNotFound: 'Operação não encontrada.',
  notFgts: 'A consulta de saldo FGTS é feita apenas em operações FGTS.',
  notInss: 'A consulta de saldo FGTS está disponível apenas para clientes do órgão INSS.',
  otherCpf: 'O CPF informado não é o do cliente da operação.',
} as const;

// Every role of the company may ask (docs/rules.md "FGTS balance"): attendants work the client; supervisors and
// managers may do all an attendant does (docs/rules.md "Roles"). Another company's operation answers 404.
export const fgtsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/crm/fgts/saldo',
    {
      schema: {
        tags,
        summary:
          'Solicita o saldo FGTS do cliente (operação FGTS, cliente do órgão INSS) e responde na hora; o saldo chega ' +
          'pelo /ws como alerta 1087 com a operação recalculada (ou alerta 1088 se a consulta desistir).',
        body: fgtsBalanceRequest,
        response: { 200: fgtsBalanceResponse, 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const { body, pessoa } = request;
      const scope = companyScope(request);
      const target = await createFgtsRepository(scope).target(body.OperacaoID);
      if (!target || target.clientId !== body.ClienteID) throw new ApiError(404, FGTS_TEXT.operationNotFound);
      if (target.creditType !== CREDIT_TYPE.FGTS) throw new ApiError(422, FGTS_TEXT.notFgts);
      if (target.agency !== AGENCY.INSS) throw new ApiError(422, FGTS_TEXT.notInss);
      if (target.cpf !== body.CO_CPF) throw new ApiError(422, FGTS_TEXT.otherCpf);

      const payload: FgtsBalancePayload = {
        operationId: target.operationId,
        clientId: target.clientId,
        personId: pessoa.ID_Pessoa,
        cpf: target.cpf,
        phone: body.DE_Telefone || null,
      };
      // Nothing else is written, so no transaction: the job row is the whole request. One unfinished check per
      // operation and person: a second click while it runs queues nothing.
      const jobId = await app.jobs.enqueue(scope.db, FGTS_BALANCE_JOB, payload, {
        companyId: scope.companyId,
        maxAttempts: FGTS_BALANCE_MAX_ATTEMPTS,
        key: `${scope.companyId}:${target.operationId}:${pessoa.ID_Pessoa}`,
      });
      return { success: true as const, text: jobId === null ? FGTS_TEXT.alreadyRequested : FGTS_TEXT.requested };
    },
  );
};
