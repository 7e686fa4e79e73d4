/**
 * The period reports' SQL (docs/rules.md "Reports"), bound to one company. Every figure is a sum over the
 * roll-up rows of the period's São Paulo hours (migration 020, kept by triggers on calls, outcomes, proposals and
 * state intervals) plus what is still moving, read raw: calls in progress and each attendant's current state.
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
/** The company's calls of the period still in progress (the roll-up has the closed ones), with the filters. */
const OPEN_CALLS = `ligacao l
  where l.id_empresa = $1 and l.co_situacao <> 'encerrada' and l.ts_inicio >= ${PERIOD_START} and l.ts_inicio < ${PERIOD_END}
    and ($4::int is null or l.id_campanha = $4) and ($5::int is null or l.id_atendente = $5)`;
const ANSWERED_OPEN = "(l.co_direcao <> 'interna' and l.ts_atendimento is not null)";

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

    /**
     * Calls, outcomes and proposals of the period per bucket: the roll-up rows of its hours (migration 020) plus
     * the calls still in progress, read raw and measured to now. Calls count by their start, outcomes and
     * proposals by their instant; buckets where nothing of these happened are left out.
     */
    activity(filter: ReportFilter) {
      return db.query<
        Keyed<
          Pick<
            ReportFigures,
            'NU_Tentativas' | 'NU_Atendidas' | 'NU_Recebidas' | 'NU_SegundosFalados' | 'NU_SegundosToque' | 'NU_Propostas' | 'VL_Propostas'
          > & { /** counts of 301…306 in that order, CALL_OUTCOMES's */ outcomes: [number, number, number, number, number, number] }
        >
      >(
        `select ${bucketOf('x.ts_hora', filter.by)} as key,
                sum(x.t)::int as "NU_Tentativas", sum(x.a)::int as "NU_Atendidas", sum(x.r)::int as "NU_Recebidas",
                round(sum(x.f))::int as "NU_SegundosFalados", round(sum(x.q))::int as "NU_SegundosToque",
                array[sum(x.r1), sum(x.r2), sum(x.r3), sum(x.r4), sum(x.r5), sum(x.r6)]::int[] as outcomes,
                sum(x.p)::int as "NU_Propostas", sum(x.v)::numeric(16, 2)::text as "VL_Propostas"
           from (
             select r.ts_hora, sum(r.nu_tentativas) as t, sum(r.nu_atendidas) as a, sum(r.nu_recebidas) as r,
                    sum(r.nu_segundos_falados) as f, sum(r.nu_segundos_toque) as q, sum(r.nu_resultado_301) as r1,
                    sum(r.nu_resultado_302) as r2, sum(r.nu_resultado_303) as r3, sum(r.nu_resultado_304) as r4,
                    sum(r.nu_resultado_305) as r5, sum(r.nu_resultado_306) as r6, sum(r.nu_propostas) as p, sum(r.vl_propostas) as v
               from relatorio_hora r
              where r.id_empresa = $1 and r.ts_hora >= ${PERIOD_START} and r.ts_hora < ${PERIOD_END}
                and ($4::int is null or r.id_campanha = $4) and ($5::int is null or r.id_atendente = $5)
              group by r.ts_hora -- the hours first: the bucket's text is then made once an hour, not once a row
             union all
             select l.ts_inicio, (l.co_direcao = 'saida')::int, ${ANSWERED_OPEN}::int, (l.co_direcao = 'entrada')::int,
                    case when ${ANSWERED_OPEN} then extract(epoch from ${NOW} - l.ts_atendimento) else 0 end,
                    case when l.co_direcao <> 'interna' then extract(epoch from coalesce(l.ts_atendimento, ${NOW}) - l.ts_inicio) else 0 end,
                    0, 0, 0, 0, 0, 0, 0, 0
               from ${OPEN_CALLS}
           ) x
          group by 1
         having sum(x.t) <> 0 or sum(x.a) <> 0 or sum(x.r) <> 0 or sum(x.q) <> 0 or sum(x.p) <> 0
             or sum(x.r1) + sum(x.r2) + sum(x.r3) + sum(x.r4) + sum(x.r5) + sum(x.r6) <> 0`,
        params(filter),
      );
    },

    /**
     * Seconds in each state per bucket (and pause reason): the roll-up of the closed intervals, each cut at São
     * Paulo's hour edges (a pause across midnight counts on both days, an hour bucket gets only its own part),
     * plus each attendant's current interval cut the same way up to now. States are per attendant, not per
     * campaign: the campaign filter leaves them whole.
     */
    stateSeconds(filter: ReportFilter) {
      return db.query<{ key: string; state: string; reason: number | null; seconds: number }>(
        `with open_intervals as (
           select h.co_estado, h.id_motivo_pausa, greatest(h.ts_inicio, ${PERIOD_START}) as since, least(${NOW}, ${PERIOD_END}) as until
             from atendente_estado_historico h
            where h.id_empresa = $1 and h.ts_fim is null and h.ts_inicio < ${PERIOD_END} and h.co_estado <> 'offline'
              and ($5::int is null or h.id_pessoa = $5) and ($4::int is null or true) -- $4 (campaign) unused, typed for the driver
         ), pieces as (
           select s.ts_hora, s.co_estado, nullif(s.id_motivo_pausa, 0) as id_motivo_pausa, sum(s.nu_segundos) as seconds
             from relatorio_estado_hora s
            where s.id_empresa = $1 and s.ts_hora >= ${PERIOD_START} and s.ts_hora < ${PERIOD_END} and ($5::int is null or s.id_pessoa = $5)
            group by 1, 2, 3
           union all
           select hour_start, i.co_estado, i.id_motivo_pausa,
                  extract(epoch from least(i.until, hour_start + interval '1 hour') - greatest(i.since, hour_start))
             from open_intervals i
             cross join lateral generate_series(relatorio_hora_de(i.since), i.until, interval '1 hour') as hour_start
            where i.until > i.since and hour_start < i.until
         )
         select ${bucketOf('ts_hora', filter.by)} as key, co_estado as state, id_motivo_pausa as reason, round(sum(seconds))::int as seconds
           from pieces
          group by 1, 2, 3
         having round(sum(seconds)) > 0`,
        params(filter),
      );
    },

    /**
     * Per caller number and São Paulo day: outbound calls answered, and those talked for `shortSeconds` or less
     * (the roll-up counts them at SHORT_CALL_MAX_S, the calls in progress by their talk so far).
     */
    callerNumbers(filter: ReportFilter, shortSeconds: number) {
      return db.query<{ NU_Numero: string; DT_Dia: string; NU_Ligacoes: number; NU_Curtas: number }>(
        `select x.numero as "NU_Numero", to_char(x.ts_hora at time zone ${ZONE}, 'YYYY-MM-DD') as "DT_Dia",
                sum(x.ligacoes)::int as "NU_Ligacoes", sum(x.curtas)::int as "NU_Curtas"
           from (
             select r.nu_identificador as numero, r.ts_hora, r.nu_atendidas as ligacoes, r.nu_curtas as curtas
               from relatorio_hora r
              where r.id_empresa = $1 and r.ts_hora >= ${PERIOD_START} and r.ts_hora < ${PERIOD_END} and r.nu_identificador <> ''
                and ($4::int is null or r.id_campanha = $4) and ($5::int is null or r.id_atendente = $5)
             union all
             select l.nu_identificador, l.ts_inicio, 1, (extract(epoch from ${NOW} - l.ts_atendimento) <= $7)::int
               from ${OPEN_CALLS} and l.co_direcao = 'saida' and l.ts_atendimento is not null and l.nu_identificador is not null
           ) x
          group by 1, 2 having sum(x.ligacoes) > 0 order by 2, 1`,
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
