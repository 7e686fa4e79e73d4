/**
 * The SQL of a company's monthly rates (table taxa, migration 007; docs/rules.md "Rates"), bound to one company like
 * every feature repository. Rows are only inserted and, while not yet in force, deleted: never updated, so the rate
 * an offer used can always be found again (operations.repository.ts reads the one in force).
 */
import type { CompanyScope } from '../auth/scope';

/** A rate as stored, before its state and cap (which depend on the day it is read) are added. */
export interface StoredRate {
  ID_Taxa: number;
  ID_TipoCredito: number;
  DE_TipoCredito: string;
  ID_Banco: number | null;
  /** The bank's name; null for the any-bank rate. */
  bankName: string | null;
  /** numeric(7, 4) as text: '1.8500'. */
  VL_TaxaMensal: string;
  DT_Vigencia: string;
  DE_Fonte: string;
}

export interface RatesFilter {
  creditType?: number;
  /** Exactly this bank's rates (not the any-bank ones). */
  bank?: number;
}

export interface NewRate {
  creditType: number;
  bank: number | null;
  /** Percent text, validated: '1.85'. */
  percent: string;
  day: string;
  source: string;
}

const RATE_ROW = `select t.id_taxa as "ID_Taxa", t.id_tipo_credito as "ID_TipoCredito", tc.de_tipo_credito as "DE_TipoCredito",
         t.id_banco as "ID_Banco", b.de_banco as "bankName", t.vl_taxa_mensal::text as "VL_TaxaMensal",
         to_char(t.dt_vigencia, 'YYYY-MM-DD') as "DT_Vigencia", t.de_fonte as "DE_Fonte"
    from taxa t
    join tipo_credito tc on tc.id_tipo_credito = t.id_tipo_credito
    left join banco b on b.id_banco = t.id_banco`;

export function createRatesRepository({ db, companyId }: CompanyScope) {
  return {
    /** The company's rates matching the filter: by type, the any-bank rates before the banks' (by name), newest day first. */
    list(filter: RatesFilter): Promise<StoredRate[]> {
      return db.query<StoredRate>(
        `${RATE_ROW}
          where t.id_empresa = $1 and ($2::int is null or t.id_tipo_credito = $2::int) and ($3::int is null or t.id_banco = $3::int)
          order by t.id_tipo_credito, t.id_banco is not null, b.de_banco, t.id_banco, t.dt_vigencia desc, t.id_taxa`,
        [companyId, filter.creditType ?? null, filter.bank ?? null],
      );
    },

    /**
     * The rates of the same type and bank (the any-bank ones for null): what decides whether a rate is replaced.
     * A bank's own rate always wins over the any-bank one, so neither kind replaces the other.
     */
    sameTypeAndBank(creditType: number, bank: number | null): Promise<StoredRate[]> {
      return db.query<StoredRate>(
        `${RATE_ROW} where t.id_empresa = $1 and t.id_tipo_credito = $2 and t.id_banco is not distinct from $3::int`,
        [companyId, creditType, bank],
      );
    },

    /** One rate of the company; undefined for an unknown id and another company's alike. */
    async one(rateId: number): Promise<StoredRate | undefined> {
      const [row] = await db.query<StoredRate>(`${RATE_ROW} where t.id_empresa = $1 and t.id_taxa = $2`, [companyId, rateId]);
      return row;
    },

    /** Like `one`, locked until the transaction ends: a removal and the offers reading it take turns. */
    async lock(rateId: number): Promise<StoredRate | undefined> {
      const [row] = await db.query<StoredRate>(`${RATE_ROW} where t.id_empresa = $1 and t.id_taxa = $2 for update of t`, [
        companyId,
        rateId,
      ]);
      return row;
    },

    async bankExists(bank: number): Promise<boolean> {
      return (await db.query('select 1 from banco where id_banco = $1', [bank])).length > 0;
    },

    /** Whether the company already has a rate of this type and bank (null: any bank) from this day (index taxa_vigencia). */
    async dayTaken(creditType: number, bank: number | null, day: string): Promise<boolean> {
      const rows = await db.query(
        `select 1 from taxa
          where id_empresa = $1 and id_tipo_credito = $2 and id_banco is not distinct from $3::int and dt_vigencia = $4::date`,
        [companyId, creditType, bank, day],
      );
      return rows.length > 0;
    },

    /** The new rate's id. */
    async insert(rate: NewRate): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into taxa (id_empresa, id_tipo_credito, id_banco, vl_taxa_mensal, dt_vigencia, de_fonte)
         values ($1, $2, $3, $4::numeric, $5::date, $6)
         returning id_taxa as id`,
        [companyId, rate.creditType, rate.bank, rate.percent, rate.day, rate.source],
      );
      return row.id;
    },

    async remove(rateId: number): Promise<void> {
      await db.query('delete from taxa where id_empresa = $1 and id_taxa = $2', [companyId, rateId]);
    },
  };
}
