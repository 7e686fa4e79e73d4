/**
 * The floor's SQL (docs/rules.md "Attendant state"), bound to one company: the facts a state is derived from,
 * the current state and its history, the live board's rows and the supervisors' audit. Presence, which is
 * per API instance and not per company, is presence.repository.ts.
 */
import { ATTENDANT_STATUS, ROLE, type FloorAttendant, type MyDay } from '@consig/shared/contracts';
import { recordAudit, type AuditEntry } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { saoPauloDayStart, utcInstant } from '../db/saoPauloTime';
import type { DerivedState, StateFacts } from './attendantState';

/** A socket confirmed this recently counts as present (instances confirm theirs every 20 s). */
export const PRESENCE_FRESH_S = 60;

export interface StoredState extends DerivedState {
  since: string;
}

/** One attendant's board row (or every attendant's, with null), at `now`. */
const BOARD_SQL = `
  select p.id_pessoa as "AtendenteID", p.de_pessoa as "DE_Pessoa",
         coalesce(e.co_estado, 'offline') as "CO_Estado",
         e.id_motivo_pausa as "ID_MotivoPausa", m.de_motivo_pausa as "DE_MotivoPausa",
         ${utcInstant('coalesce(e.ts_inicio, $2::timestamptz)')} as "TS_Estado",
         ca.id_campanha as "ID_Campanha", ca.de_campanha as "DE_Campanha",
         c.id_cliente as "ID_Cliente", c.de_pessoa as "DE_Cliente",
         case when c.co_cpf is null then null
              else '***.' || substr(c.co_cpf, 4, 3) || '.' || substr(c.co_cpf, 7, 3) || '-**' end as "DE_CPFParcial",
         k.calls as "NU_Ligacoes", k.talk as "NU_SegundosFalados",
         pr.proposals as "NU_Propostas", pr.value as "VL_Propostas"
    from pessoa p
    left join atendente_estado e on e.id_empresa = p.id_empresa and e.id_pessoa = p.id_pessoa
    left join motivo_pausa m on m.id_motivo_pausa = e.id_motivo_pausa
    left join ligacao l on l.id_empresa = p.id_empresa and l.id_ligacao = e.id_ligacao
    left join fila f on f.id_empresa = p.id_empresa and f.id_atendente = p.id_pessoa and f.co_estado = 'em_atendimento'
    left join cliente c on c.id_empresa = p.id_empresa and c.id_cliente = coalesce(l.id_cliente, f.id_cliente)
    left join campanha ca on ca.id_empresa = p.id_empresa and ca.id_campanha = coalesce(l.id_campanha, f.id_campanha)
    cross join lateral (
      select count(*)::int as calls,
             coalesce(sum(extract(epoch from least(coalesce(x.ts_fim, $2::timestamptz), $2::timestamptz) - x.ts_atendimento))
                      filter (where x.ts_atendimento is not null), 0)::int as talk
        from ligacao x
       where x.id_empresa = p.id_empresa and x.id_atendente = p.id_pessoa and x.ts_inicio >= ${saoPauloDayStart('$2::timestamptz')}
    ) k
    cross join lateral (
      select count(*)::int as proposals, coalesce(sum(y.vl_bruto), 0)::numeric(14, 2)::text as value
        from proposta y
       where y.id_empresa = p.id_empresa and y.id_atendente = p.id_pessoa and y.dt_digitacao >= ${saoPauloDayStart('$2::timestamptz')}
    ) pr
   where p.id_empresa = $1 and p.id_funcao = ${ROLE.ATENDENTE} and p.sn_ativo = 1 and ($3::int is null or p.id_pessoa = $3)
   order by p.de_pessoa, p.id_pessoa`;

export function createFloorRepository({ db, companyId }: CompanyScope) {
  return {
    /** Whether the person is an active attendant of the company (only attendants have a floor state). */
    async isAttendant(personId: number): Promise<boolean> {
      const rows = await db.query('select 1 from pessoa where id_empresa = $1 and id_pessoa = $2 and id_funcao = $3 and sn_ativo = 1', [
        companyId,
        personId,
        ROLE.ATENDENTE,
      ]);
      return rows.length > 0;
    },

    /** The stored state, its row locked until the transaction ends (created offline when missing). */
    async lockState(personId: number, now: Date): Promise<StoredState> {
      await db.query(
        `insert into atendente_estado (id_empresa, id_pessoa, co_estado, ts_inicio) values ($1, $2, 'offline', $3)
         on conflict (id_empresa, id_pessoa) do nothing`,
        [companyId, personId, now.toISOString()],
      );
      const [row] = await db.query<StoredState>(
        `select co_estado as state, id_motivo_pausa as "reasonId", id_ligacao as "callId", ${utcInstant('ts_inicio')} as since
           from atendente_estado where id_empresa = $1 and id_pessoa = $2 for update`,
        [companyId, personId],
      );
      return row;
    },

    /** What the state is derived from, at `now`. */
    async factsOf(personId: number, now: Date): Promise<StateFacts> {
      const [row] = await db.query<{
        present: boolean;
        pauseReason: number | null;
        callId: number | null;
        callOpen: boolean | null;
        callAnswered: boolean | null;
        callEndedAt: string | null;
        callInternal: boolean | null;
        lastActionAt: string | null;
      }>(
        `select exists (select 1 from atendente_presenca pr
                         where pr.id_empresa = $1 and pr.id_pessoa = $2 and pr.ts_visto > $3::timestamptz - make_interval(secs => $5)) as present,
                case when p.id_status = $4 then p.id_motivo_pausa end as "pauseReason",
                l.id_ligacao as "callId", l.co_situacao <> 'encerrada' as "callOpen", l.ts_atendimento is not null as "callAnswered",
                ${utcInstant('l.ts_fim')} as "callEndedAt", l.co_direcao = 'interna' as "callInternal",
                (select ${utcInstant('max(h.ts_registro)')} from historico_atendimento h
                  where h.id_empresa = $1 and h.id_atendente = $2) as "lastActionAt"
           from pessoa p
           left join lateral (select * from ligacao x where x.id_empresa = $1 and x.id_atendente = $2
                               order by x.ts_inicio desc, x.id_ligacao desc limit 1) l on true
          where p.id_empresa = $1 and p.id_pessoa = $2`,
        [companyId, personId, now.toISOString(), ATTENDANT_STATUS.PAUSED, PRESENCE_FRESH_S],
      );
      return {
        present: row.present,
        pauseReason: row.pauseReason,
        latestCall:
          row.callId === null
            ? null
            : {
                id: row.callId,
                open: !!row.callOpen,
                answered: !!row.callAnswered,
                endedAt: row.callEndedAt,
                internal: !!row.callInternal,
              },
        lastActionAt: row.lastActionAt,
      };
    },

    /** Moves to `next` at `now`: the current row, the previous history row closed and the new one opened. */
    async transition(personId: number, next: DerivedState, now: Date): Promise<void> {
      const at = now.toISOString();
      await db.query(
        `update atendente_estado set co_estado = $3, id_motivo_pausa = $4, id_ligacao = $5, ts_inicio = $6
          where id_empresa = $1 and id_pessoa = $2`,
        [companyId, personId, next.state, next.reasonId, next.callId, at],
      );
      await db.query(
        `update atendente_estado_historico set ts_fim = greatest($3::timestamptz, ts_inicio)
          where id_empresa = $1 and id_pessoa = $2 and ts_fim is null`,
        [companyId, personId, at],
      );
      await db.query(
        `insert into atendente_estado_historico (id_empresa, id_pessoa, co_estado, id_motivo_pausa, id_ligacao, ts_inicio)
         values ($1, $2, $3, $4, $5, $6)`,
        [companyId, personId, next.state, next.reasonId, next.callId, at],
      );
    },

    /** The board's rows: every active attendant of the company, or only `personId`'s. */
    boardRows(now: Date, personId: number | null = null): Promise<FloorAttendant[]> {
      return db.query<FloorAttendant>(BOARD_SQL, [companyId, now.toISOString(), personId]);
    },

    /** The attendant's own day at `now`: calls and talk as on the board, and seconds paused (a running pause up to now). */
    async dayOf(personId: number, now: Date): Promise<MyDay> {
      const [row] = await db.query<MyDay>(
        `select b."NU_Ligacoes", b."NU_SegundosFalados", b."NU_Propostas", b."VL_Propostas",
                (select coalesce(sum(extract(epoch from least(coalesce(h.ts_fim, $2::timestamptz), $2::timestamptz)
                                                         - greatest(h.ts_inicio, ${saoPauloDayStart('$2::timestamptz')}))), 0)::int
                   from atendente_estado_historico h
                  where h.id_empresa = $1 and h.id_pessoa = $3 and h.co_estado = 'pausa'
                    and coalesce(h.ts_fim, $2::timestamptz) > ${saoPauloDayStart('$2::timestamptz')}) as "NU_SegundosPausa"
           from (${BOARD_SQL}) b`,
        [companyId, now.toISOString(), personId],
      );
      return row ?? { NU_Ligacoes: 0, NU_SegundosFalados: 0, NU_SegundosPausa: 0, NU_Propostas: 0, VL_Propostas: '0.00' };
    },

    /** Callbacks (outcome 305, missed inbound calls) already due and still waiting. */
    async callbacksDue(now: Date): Promise<number> {
      const [row] = await db.query<{ due: number }>(
        `select count(*)::int as due from fila
          where id_empresa = $1 and co_estado = 'aguardando' and co_tipo = 'retorno' and ts_disponivel <= $2`,
        [companyId, now.toISOString()],
      );
      return row.due;
    },

    /** The company's after-call work limit, in seconds. */
    async afterCallLimit(): Promise<number> {
      const [row] = await db.query<{ limit: number }>('select nu_limite_pos_atendimento as "limit" from empresa where id_empresa = $1', [
        companyId,
      ]);
      return row.limit;
    },

    /** Sets the company's after-call limit (seconds; the contract keeps it within the column's check). */
    async setAfterCallLimit(seconds: number): Promise<void> {
      await db.query('update empresa set nu_limite_pos_atendimento = $2 where id_empresa = $1', [companyId, seconds]);
    },

    /** Who watches the board: the company's active supervisors and managers. */
    async watchers(): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        'select id_pessoa as id from pessoa where id_empresa = $1 and id_funcao in ($2, $3) and sn_ativo = 1',
        [companyId, ROLE.SUPERVISOR, ROLE.GERENTE],
      );
      return rows.map((row) => row.id);
    },

    /** The call the attendant is talking in now (state 'em_ligacao' and the call still in course). */
    async callInCourse(personId: number): Promise<{ id: number; sipCallId: string } | undefined> {
      const [row] = await db.query<{ id: number; sipCallId: string }>(
        `select l.id_ligacao as id, l.co_sip_call_id as "sipCallId"
           from atendente_estado e join ligacao l on l.id_empresa = e.id_empresa and l.id_ligacao = e.id_ligacao
          where e.id_empresa = $1 and e.id_pessoa = $2 and e.co_estado = 'em_ligacao' and l.co_situacao = 'em_curso'`,
        [companyId, personId],
      );
      return row;
    },

    /** A listening begun by `personId` on the call: rtpengine's subscriptions `{tag}.0` … `{tag}.{parts - 1}`. */
    async startListening(personId: number, callId: number, tag: string, parts: number, now: Date): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into escuta_ligacao (id_empresa, id_pessoa, id_ligacao, co_tag, nu_partes, ts_inicio)
         values ($1, $2, $3, $4, $5, $6) returning id_escuta as id`,
        [companyId, personId, callId, tag, parts, now.toISOString()],
      );
      return row.id;
    },

    /** The caller's own listening still open, with its call's SIP Call-ID. */
    async openListening(personId: number, listeningId: number): Promise<{ tag: string; parts: number; sipCallId: string } | undefined> {
      const [row] = await db.query<{ tag: string; parts: number; sipCallId: string }>(
        `select e.co_tag as tag, e.nu_partes as parts, l.co_sip_call_id as "sipCallId"
           from escuta_ligacao e join ligacao l on l.id_empresa = e.id_empresa and l.id_ligacao = e.id_ligacao
          where e.id_empresa = $1 and e.id_escuta = $2 and e.id_pessoa = $3 and e.ts_fim is null`,
        [companyId, listeningId, personId],
      );
      return row;
    },

    async endListening(listeningId: number, now: Date): Promise<void> {
      await db.query('update escuta_ligacao set ts_fim = $3 where id_empresa = $1 and id_escuta = $2 and ts_fim is null', [
        companyId,
        listeningId,
        now.toISOString(),
      ]);
    },

    /** A supervisor's action on an attendant or a call, in the audit (LGPD accountability, like exports). */
    async audit(
      actorId: number,
      action: 'atendente.pausa' | 'atendente.retomada' | 'ligacao.escuta' | 'empresa.limite_pos_atendimento',
      address: string | null,
      change: Pick<AuditEntry, 'detail' | 'before' | 'after'>,
    ): Promise<void> {
      await recordAudit(db, { companyId, personId: actorId, action, address, ...change });
    },
  };
}
