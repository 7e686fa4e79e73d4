import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { possibleStatusesResponse, statusSummaryQuery, statusSummaryResponse } from '@consig/shared/contracts';
import { ownRowsOnly } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { proposalExportRoutes } from './exportRoute';
import { followUpRoutes } from './followupRoutes';
import { createProposalsRepository } from './proposals.repository';

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

  // The follow-up screen's list, filters, status changes, deletion and export (issue 10).
  await app.register(followUpRoutes);
  await app.register(proposalExportRoutes);
};
