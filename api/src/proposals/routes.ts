import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  possibleStatusesResponse,
  proposalRegistrationRequest,
  proposalRegistrationResponse,
  statusSummaryQuery,
  statusSummaryResponse,
} from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { ownRowsOnly } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { requireClientAccess } from '../clients/clientAccess';
import { proposalExportRoutes } from './exportRoute';
import { followUpRoutes } from './followupRoutes';
import { createProposalsRepository } from './proposals.repository';
import { registerProposals } from './registration';

const tags = ['Propostas'];

// Every role of the company may read these; an attendant's counts cover their own proposals only.
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/proposta/status',
    {
      schema: {
        tags,
        summary:
          'Quantidade de propostas por status (todos os status, zeros incluídos): as do atendente, ou da empresa ' +
          'toda para supervisores e gerentes. DT_Inicio e DT_Fim (AAAAMMDD, opcionais, inclusivos) limitam aos ' +
          'dias de digitação no horário de Brasília.',
        querystring: statusSummaryQuery,
        response: { 200: statusSummaryResponse },
      },
    },
    async (request) => {
      const { DT_Inicio, DT_Fim } = request.query;
      const data = await createProposalsRepository(companyScope(request)).countByStatus({
        attendantId: ownRowsOnly(request.pessoa),
        typed: { from: DT_Inicio, to: DT_Fim },
      });
      return { success: true, text: 'Propostas por status.', data };
    },
  );

  app.get(
    '/crm/proposta/status/possiveis',
    {
      schema: { tags, summary: 'Os status que uma proposta pode ter.', response: { 200: possibleStatusesResponse } },
    },
    async (request) => {
      const data = await createProposalsRepository(companyScope(request)).possibleStatuses();
      return { success: true, text: 'Status possíveis.', data };
    },
  );

  // 'Registrar proposta' is for every role (product-spec §6); the attendant is the caller
  // (docs/rules.md "Proposals and tickets"). It saves the client's form, so an attendant registers only for a client
  // they work (clients/clientAccess.ts): any other answers 404 like an unknown one.
  app.post(
    '/crm/proposta/0',
    {
      schema: {
        tags,
        summary:
          'Registra o cadastro do cliente e uma proposta (status 10) por operação selecionada, recalculada pela taxa em vigor, ' +
          'tudo em uma transação: qualquer operação recusada ou inválida e nada é gravado. Uma operação que já tem proposta ' +
          'em andamento (status fora de 60, 90 e 91) é recusada com 409.',
        body: proposalRegistrationRequest,
        response: { 200: proposalRegistrationResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      await requireClientAccess(request, request.body.cliente.ClienteID);
      const answer = await registerProposals(companyScope(request), request.pessoa.ID_Pessoa, request.body, saoPauloDate(app.clock()));
      // Today's proposals and their value on the live board.
      await app.floor.refresh(request.pessoa.ID_Empresa, request.pessoa.ID_Pessoa, { figures: true });
      return answer;
    },
  );

  // The follow-up screen's list, filters, status changes, deletion and export (docs/rules.md "Proposal follow-up").
  await app.register(followUpRoutes);
  await app.register(proposalExportRoutes);
};
