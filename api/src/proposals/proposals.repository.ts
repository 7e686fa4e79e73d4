/** SQL of the proposals feature. Pattern (a factory bound to the caller's company): attendant.repository.ts. */
import type { PossibleStatus, StatusSummaryItem } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

/** Calendar days in America/Sao_Paulo, both inclusive; YYYYMMDD (product-spec §5 "Date filters"). */
export interface TypedBetween {
  from?: string;
  to?: string;
}

export function createProposalsRepository({ db, companyId }: CompanyScope) {
  return {
    /**
     * Every proposal status, zeros included, with how many proposals of the company have it: only one
     * attendant's with `attendantId`, only those typed (dt_digitacao) within `typed` when given.
     * A day runs from its midnight in São Paulo to the next (the bounds are turned into instants in SQL).
     */
    countByStatus(filter: { attendantId: number | null; typed?: TypedBetween }): Promise<StatusSummaryItem[]> {
      const { attendantId, typed = {} } = filter;
      return db.query<StatusSummaryItem>(
        `select s.id_status as "ID_Status", s.de_status as "DE_Status", count(p.id_proposta)::int as "NU_Quantidade"
           from status_proposta s
           left join proposta p on p.id_status = s.id_status and p.id_empresa = $1
                               and ($2::int is null or p.id_atendente = $2)
                               and ($3::date is null
                                    or p.dt_digitacao >= $3::date::timestamp at time zone 'America/Sao_Paulo')
                               and ($4::date is null
                                    or p.dt_digitacao < ($4::date + 1)::timestamp at time zone 'America/Sao_Paulo')
          group by s.id_status, s.de_status
          order by s.id_status`,
        [companyId, attendantId, typed.from ?? null, typed.to ?? null],
      );
    },

    /** The statuses a proposal can have (reference data, the same for every company). */
    possibleStatuses(): Promise<PossibleStatus[]> {
      return db.query<PossibleStatus>(
        'select id_status as "StatusID", de_status as "DE_Status" from status_proposta order by id_status',
      );
    },
  };
}
