import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLE,
  possibleStatusesResponse,
  statusSummaryResponse,
  type PossibleStatus,
  type StatusSummaryItem,
} from '@consig/shared/contracts';

const tags = ['Propostas'];

export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/crm/proposta/status',
    {
      schema: {
        tags,
        summary:
          'Quantidade de propostas por status (todos os status, zeros incluídos): as do atendente, ou da empresa toda para supervisores e gerentes.',
        response: { 200: statusSummaryResponse },
      },
    },
    async (request) => {
      const { ID_Empresa, ID_Funcao, ID_Pessoa } = request.pessoa;
      const data = await app.db.query<StatusSummaryItem>(
        `select s.id_status as "ID_Status", s.de_status as "DE_Status", count(p.id_proposta)::int as "NU_Quantidade"
           from status_proposta s
           left join proposta p on p.id_status = s.id_status and p.id_empresa = $1
                               and ($2::int is null or p.id_atendente = $2)
          group by s.id_status, s.de_status
          order by s.id_status`,
        [ID_Empresa, ID_Funcao === ROLE.ATENDENTE ? ID_Pessoa : null],
      );
      return { success: true, text: 'Propostas por status.', data };
    },
  );

  app.get(
    '/crm/proposta/status/possiveis',
    {
      schema: { tags, summary: 'Os status que uma proposta pode ter.', response: { 200: possibleStatusesResponse } },
    },
    async () => {
      const data = await app.db.query<PossibleStatus>(
        'select id_status as "StatusID", de_status as "DE_Status" from status_proposta order by id_status',
      );
      return { success: true, text: 'Status possíveis.', data };
    },
  );
};
