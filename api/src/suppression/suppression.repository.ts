/** The company's suppression list (table nao_perturbe, migration 010): numbers the queue never offers. */
import type { CompanyScope } from '../auth/scope';

export interface SuppressedNumber {
  DE_Telefone: string;
  DE_Origem: string;
  TS_Criacao: string;
}

export function createSuppressionRepository({ db, companyId }: CompanyScope) {
  return {
    /** Newest first, at most `limit`; `digits` filters by a part of the number. */
    async list(digits: string, limit: number): Promise<{ total: number; items: SuppressedNumber[] }> {
      const pattern = `%${digits}%`;
      const [{ total }] = await db.query<{ total: number }>(
        'select count(*)::int as total from nao_perturbe where id_empresa = $1 and co_telefone like $2',
        [companyId, pattern],
      );
      const items = await db.query<SuppressedNumber>(
        `select co_telefone as "DE_Telefone", de_origem as "DE_Origem",
                to_char(ts_criacao at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "TS_Criacao"
           from nao_perturbe where id_empresa = $1 and co_telefone like $2
          order by ts_criacao desc, co_telefone limit $3`,
        [companyId, pattern, limit],
      );
      return { total, items };
    },

    /** Adds the numbers (already normalised); answers how many were new. */
    async add(numbers: string[], origin: string): Promise<number> {
      const rows = await db.query(
        `insert into nao_perturbe (id_empresa, co_telefone, de_origem)
         select $1, number, $3 from unnest($2::text[]) as number
         on conflict do nothing returning co_telefone`,
        [companyId, numbers, origin],
      );
      return rows.length;
    },

    /** Takes the number off the list; its origin when it was on it, undefined when not. */
    async remove(number: string): Promise<string | undefined> {
      const [row] = await db.query<{ origin: string }>(
        'delete from nao_perturbe where id_empresa = $1 and co_telefone = $2 returning de_origem as origin',
        [companyId, number],
      );
      return row?.origin;
    },
  };
}
