import * as z from 'zod/mini';
import { UFS } from './clientForm';
import { envelope } from './envelope';

// Cadastros → 'Horários' (issue "Company settings"): the company's calling window per weekday, whether it calls on
// national holidays, and its own narrowings per state; the state laws and the national holidays shown beside them,
// read-only. Managers (13) only. Routes: /cadastros/empresa/horarios. Rules: docs/rules.md "Who may be called now".

/** ISO weekdays, 1 Monday … 7 Sunday, with the names the screen shows. */
export const WEEKDAY_NAMES: Readonly<Record<number, string>> = {
  1: 'Segunda-feira',
  2: 'Terça-feira',
  3: 'Quarta-feira',
  4: 'Quinta-feira',
  5: 'Sexta-feira',
  6: 'Sábado',
  7: 'Domingo',
};

/** At most one narrowing per state and weekday. */
export const STATE_NARROWINGS_MAX = UFS.length * 7;

export const CALLING_HOURS_TEXT = {
  managersOnly: 'Apenas gerentes veem e alteram os horários de ligação da empresa.',
  time: 'Use o formato HH:MM (de 00:00 a 23:59).',
  order: 'O início deve ser antes do fim.',
  weekday: 'Dia da semana inválido: use de 1 (segunda-feira) a 7 (domingo).',
  opens: 'Use 1 (liga neste dia) ou 0 (não liga).',
  holidays: 'Use 1 (liga nos feriados nacionais) ou 0 (não liga).',
  state: 'Estado desconhecido: escolha uma das 27 UFs.',
  duplicateDay: 'Este dia da semana aparece mais de uma vez.',
  closedDay: 'A empresa não liga neste dia: marque "Liga" no dia antes de restringir um estado nele.',
  duplicateNarrowing: 'Este estado já tem uma restrição neste dia.',
  tooManyDays: 'Envie no máximo os 7 dias da semana.',
  tooManyNarrowings: `Envie no máximo ${STATE_NARROWINGS_MAX} restrições (uma por estado e dia).`,
  saved: 'Horários de ligação salvos.',
  alwaysOpen:
    'Esta empresa liga a qualquer hora (configuração de demonstração): os horários abaixo ficam guardados, ' +
    'mas só valem quando essa configuração for desligada.',
} as const;
const T = CALLING_HOURS_TEXT;

/** 'HH:MM', 00:00 to 23:59: zero-padded, so two of them compare as texts in time order. */
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const isTime = (value: unknown): value is string => typeof value === 'string' && HH_MM.test(value);

const flag = (message: string) => z.union([z.literal(0), z.literal(1)], { error: message });
const weekday = z.int({ error: T.weekday }).check(z.minimum(1, T.weekday), z.maximum(7, T.weekday));
const time = z.string({ error: T.time }).check(z.maxLength(5, T.time), z.regex(HH_MM, T.time));
/** A closed day's hours are ignored (the screen keeps what was typed in its disabled inputs). */
const closedDayTime = z.optional(z.nullable(z.string({ error: T.time }).check(z.maxLength(5, T.time))));

/** One weekday of the form: SN_Liga 1 with its hours, or 0 (closed; its hours, if any, are ignored). */
export const callingDayForm = z
  .object({ NU_DiaSemana: weekday, SN_Liga: flag(T.opens), HR_Inicio: closedDayTime, HR_Fim: closedDayTime })
  .check(
    z.superRefine((day, context) => {
      if (day.SN_Liga !== 1) return;
      for (const field of ['HR_Inicio', 'HR_Fim'] as const) {
        if (!isTime(day[field])) context.addIssue({ code: 'custom', message: T.time, path: [field], input: day[field] });
      }
      if (isTime(day.HR_Inicio) && isTime(day.HR_Fim) && day.HR_Inicio >= day.HR_Fim) {
        context.addIssue({ code: 'custom', message: T.order, path: ['HR_Fim'], input: day.HR_Fim });
      }
    }),
  );
export type CallingDayForm = z.infer<typeof callingDayForm>;

/** The company's narrowing of one weekday for the clients of one state. */
export const stateNarrowingForm = z
  .object({
    SG_UF: z.string({ error: T.state }).check(
      z.maxLength(2, T.state),
      z.refine((uf) => (UFS as readonly string[]).includes(uf), T.state),
    ),
    NU_DiaSemana: weekday,
    HR_Inicio: time,
    HR_Fim: time,
  })
  .check(z.refine((narrowing) => narrowing.HR_Inicio < narrowing.HR_Fim, { error: T.order, path: ['HR_Fim'] }));
export type StateNarrowingForm = z.infer<typeof stateNarrowingForm>;

/**
 * PUT /cadastros/empresa/horarios: the whole form each time. A weekday left out of `dias` is closed, like one with
 * SN_Liga 0. A narrowing only on a day the company calls, at most one per state and weekday.
 */
export const callingHoursForm = z
  .object({
    dias: z.array(callingDayForm).check(z.maxLength(7, T.tooManyDays)),
    SN_Feriados: flag(T.holidays),
    restricoes: z.array(stateNarrowingForm).check(z.maxLength(STATE_NARROWINGS_MAX, T.tooManyNarrowings)),
  })
  .check(
    z.superRefine((form, context) => {
      const days = new Set<number>();
      form.dias.forEach((day, index) => {
        if (days.has(day.NU_DiaSemana)) {
          context.addIssue({ code: 'custom', message: T.duplicateDay, path: ['dias', index, 'NU_DiaSemana'], input: day.NU_DiaSemana });
        }
        days.add(day.NU_DiaSemana);
      });
      const open = new Set(form.dias.filter((day) => day.SN_Liga === 1).map((day) => day.NU_DiaSemana));
      const narrowed = new Set<string>();
      form.restricoes.forEach((narrowing, index) => {
        const path = ['restricoes', index, 'NU_DiaSemana'];
        const key = `${narrowing.SG_UF} ${narrowing.NU_DiaSemana}`;
        if (!open.has(narrowing.NU_DiaSemana))
          context.addIssue({ code: 'custom', message: T.closedDay, path, input: narrowing.NU_DiaSemana });
        else if (narrowed.has(key))
          context.addIssue({ code: 'custom', message: T.duplicateNarrowing, path, input: narrowing.NU_DiaSemana });
        narrowed.add(key);
      });
    }),
  );
export type CallingHoursFormInput = z.input<typeof callingHoursForm>;
export type CallingHoursForm = z.output<typeof callingHoursForm>;

const hours = { HR_Inicio: z.string(), HR_Fim: z.string() };
const openFlag = z.union([z.literal(0), z.literal(1)]);

/** A weekday as the company calls on it now: its hours, or SN_Liga 0 and no hours. */
export const callingDay = z.object({
  NU_DiaSemana: z.int(),
  SN_Liga: openFlag,
  HR_Inicio: z.nullable(z.string()),
  HR_Fim: z.nullable(z.string()),
});
export type CallingDay = z.infer<typeof callingDay>;

export const stateNarrowing = z.object({ SG_UF: z.string(), NU_DiaSemana: z.int(), ...hours });
export type StateNarrowing = z.infer<typeof stateNarrowing>;

/** A state law on calling hours (read-only data of the API), in force from DT_Inicio, with the text it comes from. */
export const legalStateRule = z.object({
  SG_UF: z.string(),
  DT_Inicio: z.string(),
  DE_Fonte: z.string(),
  /** 1: the law allows calls on national holidays. */
  SN_Feriados: openFlag,
  /** The weekdays the law allows, with their hours; the others are closed to that state's clients. */
  dias: z.array(z.object({ NU_DiaSemana: z.int(), ...hours })),
});
export type LegalStateRule = z.infer<typeof legalStateRule>;

export const nationalHoliday = z.object({ DT_Feriado: z.string(), DE_Feriado: z.string() });
export type NationalHoliday = z.infer<typeof nationalHoliday>;

/** GET (and PUT's answer): the company's setting, the state laws and the national holidays of this year and next. */
export const callingHours = z.object({
  /** The seven weekdays, Monday first. */
  dias: z.array(callingDay),
  SN_Feriados: openFlag,
  /** 1: the company calls at any hour (demo and test override, not editable here). */
  SN_SempreAberta: openFlag,
  restricoes: z.array(stateNarrowing),
  regrasEstaduais: z.array(legalStateRule),
  feriados: z.array(nationalHoliday),
});
export type CallingHours = z.infer<typeof callingHours>;
export const callingHoursResponse = envelope(callingHours);
