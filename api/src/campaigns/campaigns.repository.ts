/** SQL of the campaigns feature. Pattern (a factory bound to the caller's company): attendant.repository.ts. */
import {
  CAMPAIGN_NAME_MAX,
  ROLE,
  type Campaign,
  type CampaignAttendant,
  type CampaignSummary,
  type CompanyNumber,
} from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { isForeignKeyViolation, type Db } from '../db';

/** Generated campaign codes: 'CMP-' and at least four digits, one more than the company's highest. */
const CODE_PREFIX = 'CMP-';
const COPY_SUFFIX = ' (cópia)';

/** The name of a copy: the original's with ' (cópia)', cut so it stays within the name's limit. */
export const copyName = (name: string) => name.slice(0, CAMPAIGN_NAME_MAX - COPY_SUFFIX.length) + COPY_SUFFIX;

export interface CreatedCampaign {
  CampanhaID: number;
  CO_Campanha: string;
}

/**
 * The next free code of the company. Callers run it inside a transaction that holds the company row
 * (`lockCompany`), so two concurrent creates cannot draw the same number.
 */
async function nextCode(db: Db, companyId: number): Promise<string> {
  const [{ highest }] = await db.query<{ highest: number }>(
    `select coalesce(max(substr(co_campanha, 5)::bigint), 0)::int as highest
       from campanha where id_empresa = $1 and co_campanha ~ '^CMP-[0-9]{1,9}$'`,
    [companyId],
  );
  return CODE_PREFIX + String(highest + 1).padStart(4, '0');
}

const lockCompany = (db: Db, companyId: number) => db.query('select 1 from empresa where id_empresa = $1 for update', [companyId]);

type CampaignRow = Omit<Campaign, 'importacao' | 'TS_Baixa' | 'TS_Solicitacao'> & {
  ID_StatusImportacao: number | null;
  TS_Baixa: Date | null;
  TS_Solicitacao: Date | null;
};

export function createCampaignsRepository({ db, companyId }: CompanyScope) {
  return {
    /** The company's campaigns, newest first; `importacao` is null while no list was imported. */
    async list(): Promise<Campaign[]> {
      const rows = await db.query<CampaignRow>(
        `select id_campanha as "CampanhaID", de_campanha as "DE_Campanha", co_campanha as "CO_Campanha",
                id_orgao as "ID_Orgao", id_status as "ID_Status", id_status_importacao as "ID_StatusImportacao",
                nu_higienizados as "NU_Higienizados", nu_importados as "NU_Importados",
                ts_baixa as "TS_Baixa", ts_solicitacao as "TS_Solicitacao", id_numero_saida as "ID_NumeroSaida"
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

    /** The campaign's status, or undefined when the company has no such campaign. */
    async statusOf(campaignId: number): Promise<number | undefined> {
      const [row] = await db.query<{ status: number }>(
        'select id_status as status from campanha where id_empresa = $1 and id_campanha = $2',
        [companyId, campaignId],
      );
      return row?.status;
    },

    /** Whether `agencyId` is a known agency (table orgao, the same for every company). */
    async agencyExists(agencyId: number): Promise<boolean> {
      return (await db.query('select 1 from orgao where id_orgao = $1', [agencyId])).length > 0;
    },

    /** A new campaign (26 Criado) with the company's next code. */
    create(name: string, agencyId: number): Promise<CreatedCampaign> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const code = await nextCode(tx, companyId);
        const [row] = await tx.query<CreatedCampaign>(
          `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, id_status)
           values ($1, $2, $3, $4, 26) returning id_campanha as "CampanhaID", co_campanha as "CO_Campanha"`,
          [companyId, code, name, agencyId],
        );
        return row;
      });
    },

    /**
     * Moves the campaign to `to` only if it is in one of `from` (checked and written in one statement, so
     * two clicks cannot both pass the check); answers the new status, or undefined when nothing changed.
     */
    async transition(campaignId: number, from: readonly number[], to: number): Promise<number | undefined> {
      const [row] = await db.query<{ status: number }>(
        `update campanha set id_status = $4
          where id_empresa = $1 and id_campanha = $2 and id_status = any($3::int[])
          returning id_status as status`,
        [companyId, campaignId, from, to],
      );
      return row?.status;
    },

    /**
     * A copy (26 Criado, next code, name + ' (cópia)') with the original's agency, caller number and attendant
     * links, and nothing of its clients: no queue rows, no import status or counts. Undefined when no such campaign.
     */
    duplicate(campaignId: number): Promise<CreatedCampaign | undefined> {
      return db.transaction(async (tx) => {
        await lockCompany(tx, companyId);
        const [original] = await tx.query<{ name: string; agency: number; callerNumber: number | null }>(
          `select de_campanha as name, id_orgao as agency, id_numero_saida as "callerNumber"
             from campanha where id_empresa = $1 and id_campanha = $2`,
          [companyId, campaignId],
        );
        if (!original) return undefined;
        const code = await nextCode(tx, companyId);
        const [copy] = await tx.query<CreatedCampaign>(
          `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, id_status, id_numero_saida)
           values ($1, $2, $3, $4, 26, $5) returning id_campanha as "CampanhaID", co_campanha as "CO_Campanha"`,
          [companyId, code, copyName(original.name), original.agency, original.callerNumber],
        );
        await tx.query(
          `insert into campanha_atendente (id_empresa, id_campanha, id_atendente, sn_selecionado)
           select id_empresa, $3, id_atendente, sn_selecionado
             from campanha_atendente where id_empresa = $1 and id_campanha = $2`,
          [companyId, campaignId, copy.CampanhaID],
        );
        return copy;
      });
    },

    /**
     * Deletes the campaign unless it is running (35) or a list import is still being processed (import status
     * 0), whose job would then write into a campaign that no longer exists. Its queue, attendant links and
     * imports go with it (cascade); the attendance history keeps its rows without the campaign (set null).
     */
    async remove(campaignId: number): Promise<'deleted' | 'running' | 'importing' | 'missing'> {
      const [deleted] = await db.query(
        `delete from campanha where id_empresa = $1 and id_campanha = $2
            and id_status <> 35 and id_status_importacao is distinct from 0
         returning id_campanha`,
        [companyId, campaignId],
      );
      if (deleted) return 'deleted';
      const [row] = await db.query<{ status: number }>(
        'select id_status as status from campanha where id_empresa = $1 and id_campanha = $2',
        [companyId, campaignId],
      );
      if (!row) return 'missing';
      return row.status === 35 ? 'running' : 'importing';
    },

    /** The company's numbers at the carrier (numero_empresa), the main one first, then by number. */
    numbers(): Promise<CompanyNumber[]> {
      return db.query<CompanyNumber>(
        `select id_numero as "ID_Numero", nu_numero as "NU_Numero", de_numero as "DE_Numero",
                sn_principal::int as "SN_Principal", sn_entrada::int as "SN_Entrada"
           from numero_empresa where id_empresa = $1
          order by sn_principal desc, nu_numero, id_numero`,
        [companyId],
      );
    },

    /**
     * Sets the campaign's caller number: one of the company's numbers (numero_empresa), or null for the company's
     * main one. 'missing-campaign' and 'unknown-number' (another company's number, or none) write nothing.
     */
    async setCallerNumber(campaignId: number, numberId: number | null): Promise<'saved' | 'missing-campaign' | 'unknown-number'> {
      // One statement: the number is looked up within the company, so another company's id never matches. A number
      // removed while this statement waited for its row (Cadastros → 'Telefonia') fails the foreign key: unknown too.
      const rows = await db
        .query<{ campaign: boolean; known: boolean; saved: boolean }>(
          `with wanted as (
           select $3::int as id where $3::int is null
            union all
           select id_numero from numero_empresa where id_empresa = $1 and id_numero = $3::int),
         saved as (
           update campanha set id_numero_saida = (select id from wanted)
            where id_empresa = $1 and id_campanha = $2 and exists (select 1 from wanted)
           returning 1)
         select exists (select 1 from campanha where id_empresa = $1 and id_campanha = $2) as campaign,
                exists (select 1 from wanted) as known,
                exists (select 1 from saved) as saved`,
          [companyId, campaignId, numberId],
        )
        .catch((error: unknown) => {
          if (isForeignKeyViolation(error)) return undefined;
          throw error;
        });
      if (!rows) return 'unknown-number';
      const [row] = rows;
      if (!row.campaign) return 'missing-campaign';
      if (!row.known) return 'unknown-number';
      return row.saved ? 'saved' : 'missing-campaign';
    },

    /** The company's active attendants (11), each with SN_Selecionado for this campaign (0 when not linked). */
    attendantsOf(campaignId: number): Promise<CampaignAttendant[]> {
      return db.query<CampaignAttendant>(
        `select p.id_pessoa as "ID_Atendente", p.de_pessoa as "DE_Pessoa", coalesce(ca.sn_selecionado, 0)::int as "SN_Selecionado"
           from pessoa p
           left join campanha_atendente ca on ca.id_empresa = p.id_empresa and ca.id_atendente = p.id_pessoa and ca.id_campanha = $2
          where p.id_empresa = $1 and p.id_funcao = $3 and p.sn_ativo = 1
          order by p.de_pessoa, p.id_pessoa`,
        [companyId, campaignId, ROLE.ATENDENTE],
      );
    },

    /**
     * Sets the listed links in one transaction: 'missing-campaign' or 'unknown-attendant' (an id that is not an
     * active attendant of the company) write nothing. Links not listed stay as they are.
     */
    setAttendants(
      campaignId: number,
      links: readonly { ID_Atendente: number; SN_Selecionado: number }[],
    ): Promise<'saved' | 'missing-campaign' | 'unknown-attendant'> {
      return db.transaction(async (tx) => {
        // Locked so a concurrent delete cannot remove the campaign between the check and the writes.
        const [campaign] = await tx.query('select 1 from campanha where id_empresa = $1 and id_campanha = $2 for update', [
          companyId,
          campaignId,
        ]);
        if (!campaign) return 'missing-campaign';
        const ids = links.map((link) => link.ID_Atendente);
        const [{ known }] = await tx.query<{ known: number }>(
          `select count(*)::int as known from pessoa
            where id_empresa = $1 and id_pessoa = any($2::int[]) and id_funcao = $3 and sn_ativo = 1`,
          [companyId, ids, ROLE.ATENDENTE],
        );
        if (known !== ids.length) return 'unknown-attendant';
        await tx.query(
          `insert into campanha_atendente (id_empresa, id_campanha, id_atendente, sn_selecionado)
           select $1, $2, link.id, link.selected from unnest($3::int[], $4::int[]) as link(id, selected)
           on conflict (id_campanha, id_atendente) do update set sn_selecionado = excluded.sn_selecionado`,
          [companyId, campaignId, ids, links.map((link) => link.SN_Selecionado)],
        );
        return 'saved';
      });
    },

    /** The campaign's summary (product-spec §7), or undefined when the company has no such campaign. */
    async summary(campaignId: number): Promise<CampaignSummary | undefined> {
      const [row] = await db.query<
        Omit<CampaignSummary, 'TS_Baixa' | 'TS_Solicitacao'> & { TS_Baixa: Date | null; TS_Solicitacao: Date | null }
      >(
        `select de_campanha as "DE_Campanha", co_campanha as "CO_Campanha", nu_higienizados as "NU_Higienizados",
                nu_importados as "NU_Importados", ts_baixa as "TS_Baixa", ts_solicitacao as "TS_Solicitacao"
           from campanha where id_empresa = $1 and id_campanha = $2`,
        [companyId, campaignId],
      );
      if (!row) return undefined;
      return { ...row, TS_Baixa: row.TS_Baixa?.toISOString() ?? null, TS_Solicitacao: row.TS_Solicitacao?.toISOString() ?? null };
    },
  };
}
