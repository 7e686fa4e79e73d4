import type { CalendarDate } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';

/**
 * The SQL of who may work a client (clientAccess.ts holds the rule), bound to the caller's company. $1 company,
 * $2 client, $3 the attendant (null: supervisors and managers, the company's view), $4 today in São Paulo.
 */
const WORKED_CLIENT = `
  select exists (select 1 from cliente c where c.id_empresa = $1 and c.id_cliente = $2)
     and ($3::int is null
          -- held from the queue now, or a callback of theirs waiting in it (table fila, src/queue)
          or exists (select 1 from fila f where f.id_empresa = $1 and f.id_cliente = $2 and f.id_atendente = $3
                       and (f.co_estado = 'em_atendimento' or (f.co_estado = 'aguardando' and f.co_tipo = 'retorno')))
          or exists (select 1 from lead d where d.id_empresa = $1 and d.id_cliente = $2 and d.id_atendente = $3)
          or exists (select 1 from proposta p where p.id_empresa = $1 and p.id_cliente = $2 and p.id_atendente = $3)
          -- a call between them in the call records (src/calls)
          or exists (select 1 from ligacao l where l.id_empresa = $1 and l.id_cliente = $2 and l.id_atendente = $3)
          -- looked up by its full CPF today ('Novo Cliente')
          or exists (select 1 from acesso_cliente_cpf a where a.id_empresa = $1 and a.id_pessoa = $3 and a.id_cliente = $2
                       and a.dt_dia = $4::date)) as allowed`;

export function createClientAccessRepository({ db, companyId }: CompanyScope) {
  return {
    /** Whether the client is this company's and, for an attendant (`attendantId`), one they work. */
    async mayWork(clientId: number, attendantId: number | null, today: CalendarDate): Promise<boolean> {
      const [row] = await db.query<{ allowed: boolean }>(WORKED_CLIENT, [companyId, clientId, attendantId, today], {
        prepare: 'cliente_acesso',
      });
      return row.allowed;
    },

    /** The client of this company's operation; undefined when the operation is not this company's. */
    async clientOfOperation(operationId: number): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>('select id_cliente as id from operacao where id_empresa = $1 and id_operacao = $2', [
        companyId,
        operationId,
      ]);
      return row?.id;
    },

    /** Records that the person looked the client up by its full CPF at `now`: a grant for São Paulo's `today`. */
    async grantCpfLookup(personId: number, clientId: number, today: CalendarDate, now: Date): Promise<void> {
      await db.query(
        `insert into acesso_cliente_cpf (id_empresa, id_pessoa, id_cliente, dt_dia, ts_consulta) values ($1, $2, $3, $4, $5)
         on conflict (id_empresa, id_pessoa, id_cliente) do update set dt_dia = excluded.dt_dia, ts_consulta = excluded.ts_consulta`,
        [companyId, personId, clientId, today, now.toISOString()],
      );
    },
  };
}
