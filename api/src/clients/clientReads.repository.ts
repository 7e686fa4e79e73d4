import { ROLE } from '@consig/shared/contracts';
import type { CalendarDate } from '@consig/shared/credit';
import { recordAudit } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';

/** The SQL of counting reads of client records (clientReads.ts), bound to the caller's company. */
export function createClientReadsRepository({ db, companyId }: CompanyScope) {
  return {
    /**
     * Counts one read by the person on São Paulo's `day` and answers the day's count with it. One statement: the row
     * lock of the upsert orders a person's simultaneous reads, so each count is answered to exactly one read.
     */
    async count(personId: number, day: CalendarDate): Promise<number> {
      const [row] = await db.query<{ reads: number }>(
        `insert into leitura_cliente as l (id_empresa, id_pessoa, dt_dia, nu_leituras) values ($1, $2, $3, 1)
         on conflict (id_empresa, id_pessoa, dt_dia) do update set nu_leituras = l.nu_leituras + 1
         returning l.nu_leituras as reads`,
        [companyId, personId, day],
        { prepare: 'cliente_leitura' },
      );
      return row.reads;
    },

    /** The company's active managers (13). */
    async managers(): Promise<number[]> {
      const rows = await db.query<{ id: number }>(
        'select id_pessoa as id from pessoa where id_empresa = $1 and id_funcao = $2 and sn_ativo = 1',
        [companyId, ROLE.GERENTE],
      );
      return rows.map((row) => row.id);
    },

    /** The audit row of a person's reads past the threshold (they are the actor whose processing is recorded). */
    async audit(personId: number, address: string | null, detail: Record<string, unknown>): Promise<void> {
      await recordAudit(db, { companyId, personId, action: 'cliente.leituras_acima_limite', address, detail });
    },
  };
}
