/**
 * Realtime presence across API instances (docs/rules.md "Attendant state"). Like calls/kamailio.repository.ts it
 * is NOT bound to a company: one instance holds sockets of people of every company, confirms them together, and
 * the sweep finds whoever is gone in any company. Instants are the app's clock, never `now()`.
 */
import type { Db } from '../db';
import { PRESENCE_FRESH_S } from './floor.repository';

export interface Present {
  companyId: number;
  personId: number;
}

export function createPresenceRepository({ db }: { db: Db }) {
  return {
    /** Confirms that this instance holds sockets of these people at `now` (a row each, created or refreshed). */
    async confirm(instance: string, people: Present[], now: Date): Promise<void> {
      if (people.length === 0) return;
      await db.query(
        `insert into atendente_presenca (co_instancia, id_empresa, id_pessoa, ts_visto)
         select $1, company, person, $4 from unnest($2::int[], $3::int[]) as held (company, person)
           join pessoa p on p.id_empresa = held.company and p.id_pessoa = held.person
         on conflict (id_empresa, id_pessoa, co_instancia) do update set ts_visto = excluded.ts_visto`,
        [instance, people.map((p) => p.companyId), people.map((p) => p.personId), now.toISOString()],
      );
    },

    /** This instance no longer holds a socket of the person. */
    async remove(instance: string, { companyId, personId }: Present): Promise<void> {
      await db.query('delete from atendente_presenca where co_instancia = $1 and id_empresa = $2 and id_pessoa = $3', [
        instance,
        companyId,
        personId,
      ]);
    },

    /**
     * Attendants shown as present whose every socket is gone: no instance confirmed them within the freshness
     * window (a crashed instance, a browser closed without a goodbye). Their rows older than that are dropped.
     */
    async gone(now: Date): Promise<Present[]> {
      const at = now.toISOString();
      await db.query(`delete from atendente_presenca where ts_visto <= $1::timestamptz - make_interval(secs => $2)`, [
        at,
        PRESENCE_FRESH_S,
      ]);
      return db.query<Present>(
        `select e.id_empresa as "companyId", e.id_pessoa as "personId" from atendente_estado e
          where e.co_estado <> 'offline'
            and not exists (select 1 from atendente_presenca pr where pr.id_empresa = e.id_empresa and pr.id_pessoa = e.id_pessoa)`,
        [],
      );
    },

    /**
     * Attendants shown ringing or in a call that is closed: its end was not reported to the floor (the call
     * sweep or a Kamailio restart closed it), so the next heartbeat derives them again.
     */
    callsClosedUnderneath(): Promise<Present[]> {
      return db.query<Present>(
        `select e.id_empresa as "companyId", e.id_pessoa as "personId" from atendente_estado e
           join ligacao l on l.id_empresa = e.id_empresa and l.id_ligacao = e.id_ligacao
          where e.co_estado in ('tocando', 'em_ligacao') and l.co_situacao = 'encerrada'`,
        [],
      );
    },

    /** The company and attendant of the call with this SIP Call-ID, when it has one. */
    async attendantOfCall(sipCallId: string): Promise<Present | undefined> {
      const [row] = await db.query<Present>(
        `select id_empresa as "companyId", id_atendente as "personId" from ligacao
          where co_sip_call_id = $1 and id_atendente is not null`,
        [sipCallId],
      );
      return row;
    },
  };
}
