/** SQL of the campaigns feature. Pattern (a factory bound to the caller's company): attendant.repository.ts. */
import type { Campanha } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

type CampaignRow = Omit<Campanha, 'importacao' | 'TS_Baixa' | 'TS_Solicitacao'> & {
  ID_StatusImportacao: number | null;
  TS_Baixa: Date | null;
  TS_Solicitacao: Date | null;
};

export function createCampaignsRepository({ db, companyId }: CompanyScope) {
  return {
    /** The company's campaigns, newest first; `importacao` is null while no list was imported. */
    async list(): Promise<Campanha[]> {
      const rows = await db.query<CampaignRow>(
        `select id_campanha as "CampanhaID", de_campanha as "DE_Campanha", co_campanha as "CO_Campanha",
                id_orgao as "ID_Orgao", id_status as "ID_Status", id_status_importacao as "ID_StatusImportacao",
                nu_higienizados as "NU_Higienizados", nu_importados as "NU_Importados",
                ts_baixa as "TS_Baixa", ts_solicitacao as "TS_Solicitacao"
           from campanha where id_empresa = $1
          order by ts_criacao desc, id_campanha desc`,
        [companyId],
      );
      return rows.map(({ ID_StatusImportacao, TS_Baixa, TS_Solicitacao, ...campaign }) => ({
        ...campaign,
        importacao: ID_StatusImportacao === null ? null : { ID_Status: ID_StatusImportacao },
        TS_Baixa: TS_Baixa?.toISOString() ?? null,
        TS_Solicitacao: TS_Solicitacao?.toISOString() ?? null,
      }));
    },
  };
}
