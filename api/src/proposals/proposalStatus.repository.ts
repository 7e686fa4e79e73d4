/**
 * SQL of a proposal's status and its history (docs/rules.md "Proposal status by role"; migration 016). Bound
 * to the caller's company; the writes are meant to run on a transaction's handle (statusChange.ts).
 */
import type { ProposalHistoryEntry } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

/** A proposal as a status change needs it: where it is and whose it is. */
export interface ProposalForChange {
  status: number;
  attendantId: number;
}

export function createProposalStatusRepository({ db, companyId }: CompanyScope) {
  /** One history row: `from` null is the registration. */
  const record = async (proposalId: number, byPersonId: number, from: number | null, to: number) => {
    await db.query(
      `insert into proposta_historico (id_empresa, id_proposta, id_pessoa, id_status_anterior, id_status) values ($1, $2, $3, $4, $5)`,
      [companyId, proposalId, byPersonId, from, to],
    );
  };

  return {
    async isPossibleStatus(status: number): Promise<boolean> {
      const rows = await db.query('select 1 from status_proposta where id_status = $1', [status]);
      return rows.length > 0;
    },

    /**
     * The proposal's status and attendant, its row locked until the transaction ends (so the status the rule
     * judged is the one changed: two concurrent changes queue); undefined when the company has no such proposal
     * or, with `ownerId`, it is not theirs.
     */
    async lockForChange(proposalId: number, ownerId: number | null): Promise<ProposalForChange | undefined> {
      const [row] = await db.query<ProposalForChange>(
        `select id_status as status, id_atendente as "attendantId" from proposta
          where id_empresa = $1 and id_proposta = $2 and ($3::int is null or id_atendente = $3)
            for update`,
        [companyId, proposalId, ownerId],
      );
      return row;
    },

    /** Moves a locked proposal from `from` to `to` and keeps who did it and when. */
    async setStatus(proposalId: number, from: number, to: number, byPersonId: number): Promise<void> {
      await db.query('update proposta set id_status = $3 where id_empresa = $1 and id_proposta = $2', [companyId, proposalId, to]);
      await record(proposalId, byPersonId, from, to);
    },

    /** The first history row of a proposal just registered by `byPersonId` with `status`. */
    recordRegistration(proposalId: number, byPersonId: number, status: number): Promise<void> {
      return record(proposalId, byPersonId, null, status);
    },

    /**
     * The proposal's history, oldest first; undefined when the company has no such proposal or, with
     * `ownerId`, it is not theirs.
     */
    async history(proposalId: number, ownerId: number | null): Promise<ProposalHistoryEntry[] | undefined> {
      const visible = await db.query(
        'select 1 from proposta where id_empresa = $1 and id_proposta = $2 and ($3::int is null or id_atendente = $3)',
        [companyId, proposalId, ownerId],
      );
      if (visible.length === 0) return undefined;
      return db.query<ProposalHistoryEntry>(
        `select to_char(h.ts_alteracao at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "TS_Alteracao",
                h.id_pessoa as "ID_Pessoa", p.de_pessoa as "DE_Pessoa",
                h.id_status_anterior as "ID_StatusAnterior", a.de_status as "DE_StatusAnterior",
                h.id_status as "ID_Status", s.de_status as "DE_Status"
           from proposta_historico h
           join pessoa p on p.id_empresa = h.id_empresa and p.id_pessoa = h.id_pessoa
           join status_proposta s on s.id_status = h.id_status
           left join status_proposta a on a.id_status = h.id_status_anterior
          where h.id_empresa = $1 and h.id_proposta = $2
          order by h.id_historico`,
        [companyId, proposalId],
      );
    },
  };
}
