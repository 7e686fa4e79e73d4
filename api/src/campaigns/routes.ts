import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campanhasResponse, type Campanha } from '@consig/shared/contracts';

type CampaignRow = Omit<Campanha, 'importacao' | 'TS_Baixa' | 'TS_Solicitacao'> & {
  ID_StatusImportacao: number | null;
  TS_Baixa: Date | null;
  TS_Solicitacao: Date | null;
};

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cadastro/campanhas',
    {
      schema: {
        tags: ['Campanhas'],
        summary: 'Campanhas da empresa, mais novas primeiro; `importacao` é null sem arquivo importado.',
        response: { 200: campanhasResponse },
      },
    },
    async (request) => {
      const rows = await app.db.query<CampaignRow>(
        `select id_campanha as "CampanhaID", de_campanha as "DE_Campanha", co_campanha as "CO_Campanha",
                id_orgao as "ID_Orgao", id_status as "ID_Status", id_status_importacao as "ID_StatusImportacao",
                nu_higienizados as "NU_Higienizados", nu_importados as "NU_Importados",
                ts_baixa as "TS_Baixa", ts_solicitacao as "TS_Solicitacao"
           from campanha where id_empresa = $1
          order by ts_criacao desc, id_campanha desc`,
        [request.pessoa.ID_Empresa],
      );
      const data = rows.map(({ ID_StatusImportacao, TS_Baixa, TS_Solicitacao, ...campaign }) => ({
        ...campaign,
        importacao: ID_StatusImportacao === null ? null : { ID_Status: ID_StatusImportacao },
        TS_Baixa: TS_Baixa?.toISOString() ?? null,
        TS_Solicitacao: TS_Solicitacao?.toISOString() ?? null,
      }));
      return { success: true, text: `${data.length} campanha(s).`, data };
    },
  );
};
