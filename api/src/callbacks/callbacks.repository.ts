/**
 * The callback calendar's SQL (docs/rules.md "Campaign queue" → "The callback calendar"): the callbacks waiting in
 * the queue (table fila, migration 010: co_estado 'aguardando', co_tipo 'retorno', due at ts_disponivel, owned by
 * id_atendente) and moving one. Bound to one company like every repository; instants come from the app's clock.
 */
import type { Callback } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { saoPauloInstant } from '../db/saoPauloTime';

/** A waiting callback: `f` the queue row ($2 is now, for SN_Vencido). */
const CALLBACK_COLUMNS = `f.id_fila as "FilaID", f.id_cliente as "ClienteID", c.de_pessoa as "DE_Cliente",
  f.id_campanha as "ID_Campanha", k.de_campanha as "DE_Campanha", f.id_atendente as "ID_Atendente", p.de_pessoa as "DE_Atendente",
  ${saoPauloInstant('f.ts_disponivel')} as "TS_Retorno", (f.ts_disponivel < $2::timestamptz)::int as "SN_Vencido"`;

const CALLBACK_FROM = `from fila f
  join cliente c on c.id_empresa = f.id_empresa and c.id_cliente = f.id_cliente
  join campanha k on k.id_empresa = f.id_empresa and k.id_campanha = f.id_campanha
  left join pessoa p on p.id_empresa = f.id_empresa and p.id_pessoa = f.id_atendente`;

const WAITING_CALLBACK = `f.co_estado = 'aguardando' and f.co_tipo = 'retorno'`;

export interface CallbackRange {
  /** São Paulo calendar days, both inclusive ('YYYY-MM-DD'). */
  from: string;
  to: string;
  /** One owner's callbacks; null: the whole company's. */
  attendantId: number | null;
}

export function createCallbacksRepository({ db, companyId }: CompanyScope) {
  return {
    async personExists(personId: number): Promise<boolean> {
      const rows = await db.query('select 1 from pessoa where id_empresa = $1 and id_pessoa = $2', [companyId, personId]);
      return rows.length > 0;
    },

    /** The callbacks falling due on the range's São Paulo days, in due order. */
    async inRange({ from, to, attendantId }: CallbackRange, now: Date): Promise<Callback[]> {
      return db.query<Callback>(
        `select ${CALLBACK_COLUMNS} ${CALLBACK_FROM}
          where f.id_empresa = $1 and ${WAITING_CALLBACK}
            and f.ts_disponivel >= $3::date::timestamp at time zone 'America/Sao_Paulo'
            and f.ts_disponivel < ($4::date + 1)::timestamp at time zone 'America/Sao_Paulo'
            and ($5::int is null or f.id_atendente = $5::int)
          order by f.ts_disponivel, f.id_fila`,
        [companyId, now.toISOString(), from, to, attendantId],
      );
    },

    /** One waiting callback; undefined when the row is none of the company's waiting callbacks. */
    async one(queueId: number, now: Date): Promise<Callback | undefined> {
      const [row] = await db.query<Callback>(
        `select ${CALLBACK_COLUMNS} ${CALLBACK_FROM} where f.id_empresa = $1 and f.id_fila = $3 and ${WAITING_CALLBACK}`,
        [companyId, now.toISOString(), queueId],
      );
      return row;
    },

    /**
     * Locks a waiting callback until the transaction ends (a claim passes it by, SKIP LOCKED) and answers its
     * owner; undefined when the row is none of the company's waiting callbacks.
     */
    async lockWaiting(queueId: number): Promise<{ ownerId: number | null } | undefined> {
      const [row] = await db.query<{ ownerId: number | null }>(
        `select f.id_atendente as "ownerId" from fila f
          where f.id_empresa = $1 and f.id_fila = $2 and ${WAITING_CALLBACK}
            for no key update`,
        [companyId, queueId],
      );
      return row;
    },

    /** Falls due at `dueAt` instead; owner, attempts and last outcome stay as they are. */
    async move(queueId: number, dueAt: Date): Promise<void> {
      await db.query(`update fila set ts_disponivel = $3 where id_empresa = $1 and id_fila = $2`, [
        companyId,
        queueId,
        dueAt.toISOString(),
      ]);
    },
  };
}
