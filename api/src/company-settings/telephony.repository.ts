/**
 * The SQL of a company's telephony ('Cadastros' → 'Telefonia'; docs/rules.md "Company telephony"): its numbers at the
 * carrier (numero_empresa, migration 015) with the campaigns that call from each, and its recording retention
 * (empresa.nu_dias_gravacao). Bound to one company like every feature repository; only `numberTaken` looks across
 * companies, because a carrier number belongs to one company (the unique nu_numero, which the inbound routing needs).
 * The after-call limit is the floor's (src/floor/floor.repository.ts).
 */
import type { CompanyNumber, CompanyNumberRow } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';

/**
 * A number with the campaigns that call from it: those that chose it, and for the main number those that chose
 * none (the edge's caller number falls back to the main one, src/calls/edge.ts).
 */
const NUMBER_ROW = `select n.id_numero as "ID_Numero", n.nu_numero as "NU_Numero", n.de_numero as "DE_Numero",
         n.sn_principal::int as "SN_Principal", n.sn_entrada::int as "SN_Entrada",
         coalesce((select json_agg(json_build_object('ID_Campanha', c.id_campanha, 'DE_Campanha', c.de_campanha)
                                   order by c.de_campanha, c.id_campanha)
                     from campanha c
                    where c.id_empresa = n.id_empresa
                      and (c.id_numero_saida = n.id_numero or (c.id_numero_saida is null and n.sn_principal = 1))),
                  '[]'::json) as campanhas
    from numero_empresa n`;

/** What is written of a number (the form, validated: the number already in numero_empresa's form). */
export interface NumberValues {
  number: string;
  label: string;
  main: 0 | 1;
  inbound: 0 | 1;
}

/** The company's two telephony settings kept on `empresa`. */
export interface TelephonySettingsRow {
  NU_DiasGravacao: number;
  NU_LimitePosAtendimento: number;
}

export function createTelephonyRepository({ db, companyId }: CompanyScope) {
  return {
    /** The company's numbers, the main one first, then by number. */
    list(): Promise<CompanyNumberRow[]> {
      return db.query<CompanyNumberRow>(`${NUMBER_ROW} where n.id_empresa = $1 order by n.sn_principal desc, n.nu_numero, n.id_numero`, [
        companyId,
      ]);
    },

    /** One number of the company; undefined for an unknown id and for another company's number alike. */
    async one(numberId: number): Promise<CompanyNumberRow | undefined> {
      const [row] = await db.query<CompanyNumberRow>(`${NUMBER_ROW} where n.id_empresa = $1 and n.id_numero = $2`, [companyId, numberId]);
      return row;
    },

    /**
     * Holds the company's row until the transaction ends (`no key update`: other tables' rows of the company may still
     * be written meanwhile): two managers' changes of the company's numbers or settings apply one after the other,
     * so two numbers never both become the main one, even the first two of a company with none. Answers the numbers.
     */
    async lockNumbers(): Promise<CompanyNumber[]> {
      await db.query('select 1 from empresa where id_empresa = $1 for no key update', [companyId]);
      return db.query<CompanyNumber>(
        `select id_numero as "ID_Numero", nu_numero as "NU_Numero", de_numero as "DE_Numero",
                sn_principal::int as "SN_Principal", sn_entrada::int as "SN_Entrada"
           from numero_empresa where id_empresa = $1 order by id_numero for update`,
        [companyId],
      );
    },

    /** Whether another number row (of any company) has this number. */
    async numberTaken(number: string, exceptId: number | null): Promise<boolean> {
      const rows = await db.query('select 1 from numero_empresa where nu_numero = $1 and id_numero is distinct from $2::int', [
        number,
        exceptId,
      ]);
      return rows.length > 0;
    },

    /** The company's main number stops being it, unless it is `exceptId` (the index allows one main per company). */
    async unsetMain(exceptId: number | null): Promise<void> {
      await db.query(
        'update numero_empresa set sn_principal = 0 where id_empresa = $1 and sn_principal = 1 and id_numero is distinct from $2::int',
        [companyId, exceptId],
      );
    },

    async insert(values: NumberValues): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `insert into numero_empresa (id_empresa, nu_numero, de_numero, sn_principal, sn_entrada)
         values ($1, $2, $3, $4, $5) returning id_numero as id`,
        [companyId, values.number, values.label, values.main, values.inbound],
      );
      return row.id;
    },

    async update(numberId: number, values: NumberValues): Promise<void> {
      await db.query(
        `update numero_empresa set nu_numero = $3, de_numero = $4, sn_principal = $5, sn_entrada = $6
          where id_empresa = $1 and id_numero = $2`,
        [companyId, numberId, values.number, values.label, values.main, values.inbound],
      );
    },

    async remove(numberId: number): Promise<void> {
      await db.query('delete from numero_empresa where id_empresa = $1 and id_numero = $2', [companyId, numberId]);
    },

    /** The company's two telephony settings; `lock` holds the company's row until the transaction ends. */
    async settings({ lock = false } = {}): Promise<TelephonySettingsRow> {
      const [row] = await db.query<TelephonySettingsRow>(
        `select nu_dias_gravacao as "NU_DiasGravacao", nu_limite_pos_atendimento as "NU_LimitePosAtendimento"
           from empresa where id_empresa = $1 ${lock ? 'for no key update' : ''}`,
        [companyId],
      );
      return row;
    },

    /** Sets how many days the company's recordings are kept (the contract keeps it within the column's check). */
    async setRetention(days: number): Promise<void> {
      await db.query('update empresa set nu_dias_gravacao = $2 where id_empresa = $1', [companyId, days]);
    },
  };
}
