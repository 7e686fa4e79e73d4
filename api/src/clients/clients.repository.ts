import type { Telefone } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

/** What adding a phone did: the client is not this company's, or already had that number. */
export type AddPhoneResult = 'added' | 'duplicate' | 'clientNotFound';

/** Clients and their phones, always within the bound company (pattern: src/attendant/attendant.repository.ts). */
export function createClientsRepository({ db, companyId }: CompanyScope) {
  async function exists(clientId: number): Promise<boolean> {
    const rows = await db.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2', [companyId, clientId]);
    return rows.length > 0;
  }

  return {
    /** The client's phones in the order they were added; undefined when the client is not this company's. */
    async phonesOf(clientId: number): Promise<Telefone[] | undefined> {
      if (!(await exists(clientId))) return undefined;
      return db.query<Telefone>(
        `select id_telefone as "TelefoneID", co_ddd || co_telefone as "DE_Telefone",
                co_ddd as "CO_DDD", co_telefone as "CO_Telefone"
           from telefone where id_empresa = $1 and id_cliente = $2
          order by id_telefone`,
        [companyId, clientId],
      );
    },

    /**
     * Adds `ddd` + `number` to the client. One statement decides: the insert selects the client within
     * this company (no row, nothing written) and `on conflict do nothing` meets the table's unique
     * (id_cliente, co_ddd, co_telefone) even when two requests race, instead of failing with 23505.
     */
    async addPhone(clientId: number, ddd: string, number: string): Promise<AddPhoneResult> {
      const inserted = await db.query(
        `insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
         select id_empresa, id_cliente, $3, $4 from cliente where id_empresa = $1 and id_cliente = $2
         on conflict (id_cliente, co_ddd, co_telefone) do nothing
         returning id_telefone`,
        [companyId, clientId, ddd, number],
      );
      if (inserted.length > 0) return 'added';
      return (await exists(clientId)) ? 'duplicate' : 'clientNotFound';
    },
  };
}
