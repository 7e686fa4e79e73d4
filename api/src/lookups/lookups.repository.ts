/**
 * SQL of the registration forms' reference lists. These tables are the same for every company
 * (docs/architecture.md "Reference tables"), so the repository takes only a database handle.
 */
import type { Banco, Especie, Estado, Orgao } from '@consig/shared/contracts';
import type { Db } from '../db';

// Portuguese alphabetical order: `order by` follows the database's collation, which differs between PGlite
// and PostgreSQL servers (under 'C', "Paraíba" comes before "Pará"), so names are sorted here instead.
const byPortugueseName = new Intl.Collator('pt-BR').compare;

export function createLookupsRepository(db: Db) {
  return {
    /** Banks by COMPE code. */
    banks(): Promise<Banco[]> {
      return db.query<Banco>('select id_banco as "BancoID", de_banco as "DE_Banco" from banco order by id_banco');
    },

    /** The 27 federative units, by name. */
    async states(): Promise<Estado[]> {
      const rows = await db.query<Estado>('select sg_estado as "SG_Estado", de_estado as "DE_Estado" from estado');
      return rows.sort((a, b) => byPortugueseName(a.DE_Estado, b.DE_Estado));
    },

    /** INSS benefit species by code. */
    species(): Promise<Especie[]> {
      return db.query<Especie>(
        'select id_especie as "EspecieID", de_especie as "DE_Especie" from especie order by id_especie',
      );
    },

    /** Agencies by code. */
    agencies(): Promise<Orgao[]> {
      return db.query<Orgao>('select id_orgao as "OrgaoID", de_orgao as "DE_Orgao" from orgao order by id_orgao');
    },
  };
}
