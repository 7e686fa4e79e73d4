/**
 * SQL of the registration forms' reference lists. These tables are the same for every company
 * (docs/architecture.md "Reference tables"), so the repository takes only a database handle.
 */
import type { Bank, Species, State, Agency } from '@consig/shared/contracts';
import type { Db } from '../db';

// Portuguese alphabetical order: `order by` follows the database's collation, which differs between PGlite
// and PostgreSQL servers (under 'C', "Paraíba" comes before "Pará"), so names are sorted here instead.
const byPortugueseName = new Intl.Collator('pt-BR').compare;

export function createLookupsRepository(db: Db) {
  return {
    /** Banks by COMPE code. */
    banks(): Promise<Bank[]> {
      return db.query<Bank>('select id_banco as "BancoID", de_banco as "DE_Banco" from banco order by id_banco');
    },

    /** The bank's name; null when the code is no bank (or past the column's int range). */
    async bankName(bankId: number): Promise<string | null> {
      if (bankId > 2_147_483_647) return null;
      const [row] = await db.query<{ name: string }>('select de_banco as name from banco where id_banco = $1', [bankId]);
      return row?.name ?? null;
    },

    /** The codes among `bankIds` that are no bank. */
    async unknownBanks(bankIds: readonly number[]): Promise<number[]> {
      const known = await db.query<{ id: number }>('select id_banco as id from banco where id_banco = any($1::int[])', [bankIds]);
      return bankIds.filter((id) => !known.some((row) => row.id === id));
    },

    /** The 27 federative units, by name. */
    async states(): Promise<State[]> {
      const rows = await db.query<State>('select sg_estado as "SG_Estado", de_estado as "DE_Estado" from estado');
      return rows.sort((a, b) => byPortugueseName(a.DE_Estado, b.DE_Estado));
    },

    /** INSS benefit species by code. */
    species(): Promise<Species[]> {
      return db.query<Species>('select id_especie as "EspecieID", de_especie as "DE_Especie" from especie order by id_especie');
    },

    /** Agencies by code. */
    agencies(): Promise<Agency[]> {
      return db.query<Agency>('select id_orgao as "OrgaoID", de_orgao as "DE_Orgao" from orgao order by id_orgao');
    },
  };
}
