/**
 * The SQL Kamailio's requests need before a company is known, and the upkeep of every company's open calls.
 * Like src/auth/people.repository.ts it is NOT bound to a company: finding the company of an extension, a
 * company number (DID) or a SIP Call-ID is its job, and a Kamailio restart or the sweep ends calls of every
 * company at once (one Kamailio serves them all). Everything else about calls is in calls.repository.ts,
 * bound to the company found here. Instants come from Kamailio's events or the app's clock, never `now()`.
 */
import type { Db } from '../db';

/** A person by their extension (nu_ramal is unique across companies: there is one SIP realm). */
export interface ExtensionOwner {
  extension: string;
  personId: number;
  companyId: number;
  /** Active, with telephony: may place and take calls. */
  usable: boolean;
}

/** An unanswered call rings this long at most before the sweep closes it (carriers give up within ~3 min). */
export const RINGING_LIMIT_MINUTES = 3;
/** Kamailio ends any dialog this long after its answer (its dlg lifetime, telephony/kamailio.cfg). */
export const CALL_LIFETIME_HOURS = 4;

/** Unanswered calls record no recording; answered ones keep theirs ('pendente' until stored). */
const NOT_RECORDED_IF_UNANSWERED = "co_gravacao = case when ts_atendimento is null then 'nao_gravada' else co_gravacao end";

export function createKamailioRepository({ db }: { db: Db }) {
  return {
    /** The owners of these extensions (the caller's, and the dialled one when it is an extension). */
    extensionOwners(extensions: string[]): Promise<ExtensionOwner[]> {
      return db.query<ExtensionOwner>(
        `select p.nu_ramal as extension, p.id_pessoa as "personId", p.id_empresa as "companyId",
                (p.sn_ativo = 1 and p.sn_telefonia = 1) as usable
           from pessoa p where p.nu_ramal = any($1::text[])`,
        [extensions],
        { prepare: 'ligacao_ramais' },
      );
    },

    /** The last extension revocation (migration 032) before `instant`, 0 when none: where a Kamailio just started reads from. */
    async lastRevocationBefore(instant: Date): Promise<number> {
      const [row] = await db.query<{ id: string }>(
        'select coalesce(max(id_revogacao), 0)::text as id from ramal_revogado where ts_revogacao < $1',
        [instant.toISOString()],
      );
      return Number(row.id);
    },

    /**
     * The first revocation after `after`: its id, and its extension unless the extension is again someone's who may
     * register (given to another person since): their registration must stay.
     */
    async revocationAfter(after: number): Promise<{ id: number; extension: string | null } | undefined> {
      const [row] = await db.query<{ id: string; extension: string | null }>(
        `select r.id_revogacao::text as id,
                case when exists (select 1 from pessoa p where p.nu_ramal = r.nu_ramal and p.sn_ativo = 1 and p.sn_telefonia = 1)
                     then null else r.nu_ramal end as extension
           from ramal_revogado r where r.id_revogacao > $1 order by r.id_revogacao limit 1`,
        [after],
      );
      return row && { id: Number(row.id), extension: row.extension };
    },

    /** The company whose number `number` is and takes inbound calls (sn_entrada 1). */
    async companyOfNumber(number: string): Promise<number | undefined> {
      const [row] = await db.query<{ companyId: number }>(
        'select id_empresa as "companyId" from numero_empresa where nu_numero = $1 and sn_entrada = 1',
        [number],
        { prepare: 'ligacao_did' },
      );
      return row?.companyId;
    },

    /** The company and id of the call with this SIP Call-ID. */
    async callOf(callId: string): Promise<{ companyId: number; id: number } | undefined> {
      const [row] = await db.query<{ companyId: number; id: number }>(
        'select id_empresa as "companyId", id_ligacao as id from ligacao where co_sip_call_id = $1',
        [callId],
        { prepare: 'ligacao_por_call_id' },
      );
      return row;
    },

    /**
     * Kamailio started: every dialog it knew is gone. Calls still open that began before `instant` end at that
     * instant (never before their answer), closed by the sweep ('varredura'). Answers how many.
     */
    async closeOpenBefore(instant: string): Promise<number> {
      const rows = await db.query(
        `update ligacao set co_situacao = 'encerrada', co_encerramento = 'varredura',
                            ts_fim = greatest($1::timestamptz, coalesce(ts_atendimento, ts_inicio)), ${NOT_RECORDED_IF_UNANSWERED}
          where co_situacao <> 'encerrada' and ts_inicio < $1::timestamptz
        returning id_ligacao`,
        [instant],
      );
      return rows.length;
    },

    /**
     * The sweep (docs/rules.md "Calls"): calls whose end event never came. Still ringing RINGING_LIMIT_MINUTES
     * after the start: ended at the start (no ringing time is known). Answered more than CALL_LIFETIME_HOURS
     * ago: ended when Kamailio's dialog lifetime ran out. Idempotent (only open rows), so every API instance
     * may run it. Answers how many it closed.
     */
    async sweep(now: Date): Promise<number> {
      const rows = await db.query(
        `update ligacao set co_situacao = 'encerrada', co_encerramento = 'varredura', ${NOT_RECORDED_IF_UNANSWERED},
                            ts_fim = case when co_situacao = 'tocando' then ts_inicio
                                          else ts_atendimento + interval '${CALL_LIFETIME_HOURS} hours' end
          where co_situacao <> 'encerrada'
            and ts_inicio < $1::timestamptz - interval '${RINGING_LIMIT_MINUTES} minutes'
            and (co_situacao = 'tocando' or ts_atendimento < $1::timestamptz - interval '${CALL_LIFETIME_HOURS} hours')
        returning id_ligacao`,
        [now.toISOString()],
      );
      return rows.length;
    },
  };
}
