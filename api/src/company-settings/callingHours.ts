/**
 * Cadastros → 'Horários' (issue "Company settings", docs/rules.md "Who may be called now"): the company's calling
 * window per weekday, whether it calls on national holidays and its own narrowings per state, shown beside the state
 * laws (STATE_RULES) and the national holidays, which are data of src/queue/callingRules.ts and read-only here. A save
 * is one transaction with its audit row (before and after). Routes call these; the SQL is in callingHours.repository.ts.
 */
import { CALLING_HOURS_TEXT, type CallingHours, type CallingHoursForm, type Person } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { recordAudit } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { DEFAULT_WINDOW, nationalHolidays, STATE_RULES, type CompanyWindow, type DayHours } from '../queue/callingRules';
import { createCallingHoursRepository, type CallingHoursValues } from './callingHours.repository';

/** Who asks, from which client address (for the audit), at which instant (the app's clock). */
export interface CallingHoursCaller {
  actor: Person;
  address: string | null;
  now: Date;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const wireHours = ({ weekday, start, end }: DayHours) => ({ NU_DiaSemana: weekday, HR_Inicio: start, HR_Fim: end });

/** What the form edits, as the wire (and the audit) writes it: the seven days, the holidays, the narrowings. */
function settingOf(window: CompanyWindow) {
  return {
    dias: WEEKDAYS.map((weekday) => {
      const hours = window.days.find((day) => day.weekday === weekday);
      return { NU_DiaSemana: weekday, SN_Liga: hours ? 1 : 0, HR_Inicio: hours?.start ?? null, HR_Fim: hours?.end ?? null } as const;
    }),
    SN_Feriados: window.callsOnHolidays ? 1 : 0,
    restricoes: window.narrowings.map((narrowing) => ({ SG_UF: narrowing.state, ...wireHours(narrowing) })),
  } as const;
}

/** The setting with what is read-only beside it: the override, the state laws and the holidays of `year` and the next. */
function callingHoursOf(window: CompanyWindow, year: number): CallingHours {
  return {
    ...settingOf(window),
    SN_SempreAberta: window.alwaysOpen ? 1 : 0,
    regrasEstaduais: STATE_RULES.map((rule) => ({
      SG_UF: rule.state,
      DT_Inicio: rule.from,
      DE_Fonte: rule.source,
      SN_Feriados: rule.callsOnHolidays ? 1 : 0,
      dias: rule.days.map(wireHours),
    })),
    feriados: [year, year + 1].flatMap((y) => nationalHolidays(y).map(({ day, name }) => ({ DT_Feriado: day, DE_Feriado: name }))),
  };
}

/** The form as the repository writes it: the open days only (the schema checked their hours). */
function valuesOf(form: CallingHoursForm): CallingHoursValues {
  return {
    days: form.dias.flatMap((day) =>
      day.SN_Liga === 1 && day.HR_Inicio && day.HR_Fim ? [{ weekday: day.NU_DiaSemana, start: day.HR_Inicio, end: day.HR_Fim }] : [],
    ),
    callsOnHolidays: form.SN_Feriados === 1,
    narrowings: form.restricoes.map((narrowing) => ({
      state: narrowing.SG_UF,
      weekday: narrowing.NU_DiaSemana,
      start: narrowing.HR_Inicio,
      end: narrowing.HR_Fim,
    })),
  };
}

const yearOf = (now: Date) => Number(saoPauloDate(now).slice(0, 4));

/** GET /cadastros/empresa/horarios. A company without a window of its own sees the default one, which applies to it. */
export async function readCallingHours(scope: CompanyScope, now: Date) {
  const window = (await createCallingHoursRepository(scope).read()) ?? DEFAULT_WINDOW;
  return { success: true, text: '', data: callingHoursOf(window, yearOf(now)) };
}

/**
 * PUT /cadastros/empresa/horarios: the whole form in one transaction with its audit row; the queue and the calls'
 * edge decision read the window on every claim and call, so it applies from the next one on.
 */
export async function saveCallingHours(scope: CompanyScope, form: CallingHoursForm, caller: CallingHoursCaller) {
  const window = await scope.db.transaction(async (tx) => {
    const repository = createCallingHoursRepository({ db: tx, companyId: scope.companyId });
    const created = await repository.createIfMissing();
    const before = created ? DEFAULT_WINDOW : (await repository.lock())!;
    await repository.replace(valuesOf(form));
    const after = (await repository.read())!;
    await recordAudit(tx, {
      companyId: scope.companyId,
      personId: caller.actor.ID_Pessoa,
      address: caller.address,
      action: 'empresa.janela_ligacao',
      before: settingOf(before),
      after: settingOf(after),
    });
    return after;
  });
  return { success: true, text: CALLING_HOURS_TEXT.saved, data: callingHoursOf(window, yearOf(caller.now)) };
}
