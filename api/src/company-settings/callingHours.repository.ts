/**
 * The SQL of the company's calling window (tables janela_ligacao, janela_ligacao_dia and janela_ligacao_uf,
 * migrations 010 and 028), bound to one company. It reads the window as the queue does (WINDOW_JSON of
 * src/queue/queue.repository.ts), so the screen shows exactly what the queue and the calls apply.
 */
import type { CompanyScope } from '../auth/scope';
import type { DayHours, StateNarrowing } from '../queue/callingRules';
import { WINDOW_JSON, windowOf, type WindowRow } from '../queue/queue.repository';

/** What the form writes: sn_sempre_aberta is left as it is (not editable through the API). */
export interface CallingHoursValues {
  days: readonly DayHours[];
  callsOnHolidays: boolean;
  narrowings: readonly StateNarrowing[];
}

export function createCallingHoursRepository({ db, companyId }: CompanyScope) {
  const readWindow = async (lock: boolean) => {
    const [row] = await db.query<{ window: WindowRow }>(
      `select ${WINDOW_JSON} as window from janela_ligacao j where j.id_empresa = $1${lock ? ' for update of j' : ''}`,
      [companyId],
    );
    return row ? windowOf(row.window) : undefined;
  };

  return {
    /** The company's window; undefined when it has none (the default window applies). */
    read: () => readWindow(false),

    /** Like `read`, its row locked until the transaction ends: two managers' saves apply one after the other. */
    lock: () => readWindow(true),

    /**
     * Gives the company its janela_ligacao row if it has none; answers whether it did. A concurrent first save waits
     * here for the other's commit, then finds the row and locks it (`lock`) with the other's values in it.
     */
    async createIfMissing(): Promise<boolean> {
      const rows = await db.query('insert into janela_ligacao (id_empresa) values ($1) on conflict (id_empresa) do nothing returning 1', [
        companyId,
      ]);
      return rows.length > 0;
    },

    /** Replaces the days, the holiday setting and the narrowings (narrowings first: they hang on their day's row). */
    async replace(values: CallingHoursValues): Promise<void> {
      await db.query('update janela_ligacao set sn_feriados = $2 where id_empresa = $1', [companyId, values.callsOnHolidays ? 1 : 0]);
      await db.query('delete from janela_ligacao_uf where id_empresa = $1', [companyId]);
      await db.query('delete from janela_ligacao_dia where id_empresa = $1', [companyId]);
      await db.query(
        `insert into janela_ligacao_dia (id_empresa, nu_dia_semana, hr_inicio, hr_fim)
         select $1, d.weekday, d.start_at, d.end_at from unnest($2::smallint[], $3::time[], $4::time[]) as d (weekday, start_at, end_at)`,
        [companyId, values.days.map((day) => day.weekday), values.days.map((day) => day.start), values.days.map((day) => day.end)],
      );
      await db.query(
        `insert into janela_ligacao_uf (id_empresa, sg_uf, nu_dia_semana, hr_inicio, hr_fim)
         select $1, n.state, n.weekday, n.start_at, n.end_at
           from unnest($2::text[], $3::smallint[], $4::time[], $5::time[]) as n (state, weekday, start_at, end_at)`,
        [
          companyId,
          values.narrowings.map((narrowing) => narrowing.state),
          values.narrowings.map((narrowing) => narrowing.weekday),
          values.narrowings.map((narrowing) => narrowing.start),
          values.narrowings.map((narrowing) => narrowing.end),
        ],
      );
    },
  };
}
