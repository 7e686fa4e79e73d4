/**
 * The period reports' SQL (docs/rules.md "Reports"), bound to one company. Every figure is a count or a sum over
 * the raw rows of the period: calls (ligacao, by start), outcomes (historico_atendimento 301–306), proposals (by
 * typing instant), and the attendants' state intervals (atendente_estado_historico, cut at each bucket's edges).
 * Buckets are São Paulo days or hours of the day; the period is [start of `first`, start of the day after `last`).
 */
import type { ReportFigures } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

export interface ReportFilter {
  /** YYYY-MM-DD, São Paulo days, both inclusive. */
  first: string;
  last: string;
  campaignId: number | null;
  attendantId: number | null;
  by: 'dia' | 'hora';
  /** The instant running calls and states are measured to. */
  now: Date;
}

type Keyed<T> = T & { key: string };

const ZONE = "'America/Sao_Paulo'";
// Every statement takes $1 company, $2 first day, $3 last day, $4 campaign, $5 attendant, $6 now.
const PERIOD_START = `($2::date)::timestamp at time zone ${ZONE}`;
const PERIOD_END = `($3::date + 1)::timestamp at time zone ${ZONE}`;
const NOW = '$6::timestamptz';

/** The bucket of an instant column: its São Paulo day, or hour of the day (a literal format: `by` is an enum). */
const bucketOf = (column: string, by: ReportFilter['by']) =>
  `to_char(${column} at time zone ${ZONE}, '${by === 'hora' ? 'HH24' : 'YYYY-MM-DD'}')`;

export function createReportsRepository({ db, companyId }: CompanyScope) {
  const params = (filter: ReportFilter) => [
    companyId,
    filter.first,
    filter.last,
    filter.campaignId,
    filter.attendantId,
    filter.now.toISOString(),
  ];

  return {
    /**
     * Inside the report's transaction: no JIT. The planner takes the hour split's generate_series for a thousand
     * rows per interval, so its cost estimate crosses jit_above_cost and PostgreSQL spends 50–200 ms compiling a
     * statement that then runs in a few ms (bench:reports, 4.2 M calls: a day by hour 235 → 91 ms over HTTP).
     */
    async withoutJit(): Promise<void> {
      await db.exec('set local jit = off');
    },

    /** Calls of the period per bucket (by their start): attempts, answered, inbound, talk and ring seconds. */
    calls(filter: ReportFilter) {
      return db.query<
        Keyed<Pick<ReportFigures, 'NU_Tentativas' | 'NU_Atendidas' | 'NU_Recebidas' | 'NU_SegundosFalados' | 'NU_SegundosToque'>>
      >(
        `select ${bucketOf('l.ts_inicio', filter.by)} as key,
                count(*) filter (where l.co_direcao = 'saida')::int as "NU_Tentativas",
                count(*) filter (where l.co_direcao <> 'interna' and l.ts_atendimento is not null)::int as "NU_Atendidas",
                count(*) filter (where l.co_direcao = 'entrada')::int as "NU_Recebidas",
                round(coalesce(sum(extract(epoch from least(coalesce(l.ts_fim, ${NOW}), ${NOW}) - l.ts_atendimento))
                         filter (where l.co_direcao <> 'interna' and l.ts_atendimento is not null), 0))::int as "NU_SegundosFalados",
                round(coalesce(sum(extract(epoch from least(coalesce(l.ts_atendimento, l.ts_fim, ${NOW}), ${NOW}) - l.ts_inicio))
                         filter (where l.co_direcao <> 'interna' and l.co_encerramento is distinct from 'recusada'), 0))::int as "NU_SegundosToque"
           from ligacao l
          where l.id_empresa = $1 and l.ts_inicio >= ${PERIOD_START} and l.ts_inicio < ${PERIOD_END}
            and ($4::int is null or l.id_campanha = $4) and ($5::int is null or l.id_atendente = $5)
          group by 1`,
        params(filter),
      );
    },

    /** Outcomes recorded per bucket and per code. */
    outcomes(filter: ReportFilter) {
      return db.query<{ key: string; status: number; count: number }>(
        `select ${bucketOf('h.ts_registro', filter.by)} as key, h.id_status as status, count(*)::int as count
           from historico_atendimento h
          where h.id_empresa = $1 and h.ts_registro >= ${PERIOD_START} and h.ts_registro < least(${PERIOD_END}, ${NOW} + interval '1 second')
            and h.id_status between 301 and 306
            and ($4::int is null or h.id_campanha = $4) and ($5::int is null or h.id_atendente = $5)
          group by 1, 2`,
        params(filter),
      );
    },

    /**
     * Proposals typed per bucket and their gross value. A proposal has no campaign: with one chosen, those of
     * clients the campaign's queue holds count.
     */
    proposals(filter: ReportFilter) {
      return db.query<Keyed<Pick<ReportFigures, 'NU_Propostas' | 'VL_Propostas'>>>(
        `select ${bucketOf('p.dt_digitacao', filter.by)} as key, count(*)::int as "NU_Propostas",
                coalesce(sum(p.vl_bruto), 0)::numeric(16, 2)::text as "VL_Propostas"
           from proposta p
          where p.id_empresa = $1 and p.dt_digitacao >= ${PERIOD_START} and p.dt_digitacao < least(${PERIOD_END}, ${NOW} + interval '1 second')
            and ($4::int is null or exists (select 1 from fila f where f.id_empresa = p.id_empresa and f.id_cliente = p.id_cliente and f.id_campanha = $4))
            and ($5::int is null or p.id_atendente = $5)
          group by 1`,
        params(filter),
      );
    },

    /**
     * Seconds in each state per bucket (and pause reason): every interval of the period cut at São Paulo's hour
     * edges, so a pause across midnight counts on both days and an hour bucket gets only its own part. States
     * are per attendant, not per campaign: the campaign filter leaves them whole.
     */
    stateSeconds(filter: ReportFilter) {
      return db.query<{ key: string; state: string; reason: number | null; seconds: number }>(
        `with intervals as (
           select h.co_estado, h.id_motivo_pausa,
                  greatest(h.ts_inicio, ${PERIOD_START}) as since, least(coalesce(h.ts_fim, ${NOW}), ${PERIOD_END}, ${NOW}) as until
             from atendente_estado_historico h
            where h.id_empresa = $1 and h.ts_inicio < ${PERIOD_END} and coalesce(h.ts_fim, ${NOW}) > ${PERIOD_START}
              and h.co_estado <> 'offline' and ($5::int is null or h.id_pessoa = $5) and ($4::int is null or true)
         ), pieces as (
           select i.co_estado, i.id_motivo_pausa,
                  greatest(i.since, hour_start) as piece_since, least(i.until, hour_start + interval '1 hour') as piece_until
             from intervals i
             cross join lateral generate_series(
               date_trunc('hour', i.since at time zone ${ZONE}) at time zone ${ZONE}, i.until, interval '1 hour') as hour_start
            where i.until > i.since
         )
         select ${bucketOf('piece_since', filter.by)} as key, co_estado as state, id_motivo_pausa as reason,
                round(sum(extract(epoch from piece_until - piece_since)))::int as seconds
           from pieces where piece_until > piece_since
          group by 1, 2, 3`,
        params(filter),
      );
    },

    /** Per caller number and São Paulo day: outbound calls answered, and those talked for `shortSeconds` or less. */
    callerNumbers(filter: ReportFilter, shortSeconds: number) {
      return db.query<{ NU_Numero: string; DT_Dia: string; NU_Ligacoes: number; NU_Curtas: number }>(
        `select l.nu_identificador as "NU_Numero", to_char(l.ts_inicio at time zone ${ZONE}, 'YYYY-MM-DD') as "DT_Dia",
                count(*)::int as "NU_Ligacoes",
                count(*) filter (where extract(epoch from least(coalesce(l.ts_fim, ${NOW}), ${NOW}) - l.ts_atendimento) <= $7)::int as "NU_Curtas"
           from ligacao l
          where l.id_empresa = $1 and l.ts_inicio >= ${PERIOD_START} and l.ts_inicio < ${PERIOD_END}
            and l.co_direcao = 'saida' and l.ts_atendimento is not null and l.nu_identificador is not null
            and ($4::int is null or l.id_campanha = $4) and ($5::int is null or l.id_atendente = $5)
          group by 1, 2 order by 2, 1`,
        [...params(filter), shortSeconds],
      );
    },

    /** Whether the campaign and the person asked for (when given) are the company's. */
    async filtersExist({ campaignId, attendantId }: Pick<ReportFilter, 'campaignId' | 'attendantId'>) {
      const [row] = await db.query<{ campaign: boolean; attendant: boolean }>(
        `select ($2::int is null or exists (select 1 from campanha where id_empresa = $1 and id_campanha = $2)) as campaign,
                ($3::int is null or exists (select 1 from pessoa where id_empresa = $1 and id_pessoa = $3)) as attendant`,
        [companyId, campaignId, attendantId],
      );
      return row;
    },
  };
}
