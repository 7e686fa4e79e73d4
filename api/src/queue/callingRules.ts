/**
 * Who may be called now (docs/rules.md "Who may be called now"): the calling window in the client's local
 * time, national holidays, and the INSS marketing ban after the benefit's grant. Pure functions of an
 * injected instant, so tests never depend on the hour they run at.
 */
import { CREDIT_TIME_ZONE, type CalendarDate } from '@consig/shared/credit';

/** Each state's legal time zone (Decreto 2.784/1913 as amended by Lei 12.876/2013; no daylight saving since 2019). */
export const UF_TIME_ZONE: Readonly<Record<string, string>> = {
  AC: 'America/Rio_Branco',
  AM: 'America/Manaus',
  RR: 'America/Boa_Vista',
  RO: 'America/Porto_Velho',
  MT: 'America/Cuiaba',
  MS: 'America/Campo_Grande',
  PA: 'America/Belem',
  AP: 'America/Belem',
  TO: 'America/Araguaina',
  MA: 'America/Fortaleza',
  PI: 'America/Fortaleza',
  CE: 'America/Fortaleza',
  RN: 'America/Fortaleza',
  PB: 'America/Fortaleza',
  PE: 'America/Recife',
  AL: 'America/Maceio',
  SE: 'America/Maceio',
  BA: 'America/Bahia',
  SP: CREDIT_TIME_ZONE,
  RJ: CREDIT_TIME_ZONE,
  MG: CREDIT_TIME_ZONE,
  ES: CREDIT_TIME_ZONE,
  PR: CREDIT_TIME_ZONE,
  SC: CREDIT_TIME_ZONE,
  RS: CREDIT_TIME_ZONE,
  GO: CREDIT_TIME_ZONE,
  DF: CREDIT_TIME_ZONE,
};
export const STATES = Object.keys(UF_TIME_ZONE);

/** The local hours 'HH:MM' of one ISO weekday (1 Monday … 7 Sunday), start inclusive, end exclusive. */
export interface DayHours {
  weekday: number;
  start: string;
  end: string;
}

/** A weekly window: the hours of each weekday it opens (a weekday it does not list is closed). */
export interface CallingWindow {
  days: readonly DayHours[];
  /** True: also on national holidays. */
  callsOnHolidays: boolean;
}

/**
 * The company's own narrowing of one weekday for clients of one state (table janela_ligacao_uf): on that weekday
 * they are called only inside both the company's hours and these; on the other weekdays the company's hours apply.
 */
export interface StateNarrowing extends DayHours {
  state: string;
}

/**
 * The company's setting (tables janela_ligacao, janela_ligacao_dia and janela_ligacao_uf). `alwaysOpen` is for
 * demos and tests: it overrides every rule.
 */
export interface CompanyWindow extends CallingWindow {
  narrowings: readonly StateNarrowing[];
  alwaysOpen: boolean;
}

/** The same hours on each of `weekdays`. */
export const sameHours = (weekdays: readonly number[], start: string, end: string): DayHours[] =>
  weekdays.map((weekday) => ({ weekday, start, end }));

/** docs/rules.md: Mon–Fri 08:00–18:00, no national holidays, no narrowing. */
export const DEFAULT_WINDOW: CompanyWindow = {
  days: sameHours([1, 2, 3, 4, 5], '08:00', '18:00'),
  callsOnHolidays: false,
  narrowings: [],
  alwaysOpen: false,
};

/** A state law on calling hours, in force from `from` on, with the text it comes from. */
export interface StateRule extends CallingWindow {
  state: string;
  from: CalendarDate;
  source: string;
}

/**
 * State laws stricter than (or equal to) the default, as dated data: a rule applies from `from` on, and a
 * client in that state is called only inside both the company's window and the state's.
 */
export const STATE_RULES: readonly StateRule[] = [
  {
    state: 'RJ',
    from: '2018-03-15',
    source: 'Lei estadual RJ 7.853/2018',
    days: sameHours([1, 2, 3, 4, 5], '08:00', '18:00'),
    callsOnHolidays: false,
  },
];

/**
 * Active marketing to an INSS beneficiary is forbidden before this many days from the DDB
 * (IN PRES/INSS 138/2022 art. 35 II), as dated data.
 */
export const MARKETING_BAN_DAYS: readonly { from: CalendarDate; days: number; source: string }[] = [
  { from: '2022-11-10', days: 180, source: 'IN PRES/INSS 138/2022, art. 35, II' },
];

const DAY_MS = 86_400_000;

function toDate(day: CalendarDate): Date {
  return new Date(`${day}T00:00:00Z`);
}
function isoDay(date: Date): CalendarDate {
  return date.toISOString().slice(0, 10);
}
/** ISO weekday of a calendar day, 1 Monday … 7 Sunday. */
const weekdayOf = (day: CalendarDate) => ((toDate(day).getUTCDay() + 6) % 7) + 1;
export function addDays(day: CalendarDate, days: number): CalendarDate {
  return isoDay(new Date(toDate(day).getTime() + days * DAY_MS));
}

/** The latest DDB that may be called today: a client granted after it is still inside the ban. */
export function marketingBanCutoff(today: CalendarDate): CalendarDate {
  const rule = [...MARKETING_BAN_DAYS].reverse().find((r) => r.from <= today) ?? MARKETING_BAN_DAYS[0];
  return addDays(today, -rule.days);
}

/** Easter Sunday (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
function easter(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * National holidays (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023) plus Good Friday (Lei 9.093/1995, the
 * only movable one kept nationally). Carnival and Corpus Christi are "pontos facultativos", not holidays.
 * `from`: a holiday created later counts only from that day on.
 */
const FIXED_HOLIDAYS: readonly { monthDay: string; name: string; from?: CalendarDate }[] = [
  { monthDay: '01-01', name: 'Confraternização Universal' },
  { monthDay: '04-21', name: 'Tiradentes' },
  { monthDay: '05-01', name: 'Dia do Trabalho' },
  { monthDay: '09-07', name: 'Independência do Brasil' },
  { monthDay: '10-12', name: 'Nossa Senhora Aparecida' },
  { monthDay: '11-02', name: 'Finados' },
  { monthDay: '11-15', name: 'Proclamação da República' },
  { monthDay: '11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra', from: '2024-01-01' },
  { monthDay: '12-25', name: 'Natal' },
];

export interface NationalHoliday {
  day: CalendarDate;
  name: string;
}

const holidaysByYear = new Map<number, readonly NationalHoliday[]>();

/** The national holidays of a year, in calendar order (computed once per year: the queue asks many times a second). */
export function nationalHolidays(year: number): readonly NationalHoliday[] {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const fixed = FIXED_HOLIDAYS.map(({ monthDay, name, from }) => ({ day: `${year}-${monthDay}`, name, from })).filter(
      ({ day, from }) => !from || day >= from,
    );
    const goodFriday = { day: addDays(easter(year), -2), name: 'Sexta-feira da Paixão' };
    holidays = [...fixed.map(({ day, name }) => ({ day, name })), goodFriday].sort((a, b) => a.day.localeCompare(b.day));
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

export function isNationalHoliday(day: CalendarDate): boolean {
  return nationalHolidays(Number(day.slice(0, 4))).some((holiday) => holiday.day === day);
}

interface LocalTime {
  day: CalendarDate;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

export function localTime(instant: Date, zone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return { day, weekday: weekdayOf(day), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Local minutes since midnight, start inclusive, end exclusive. */
export interface OpenSpan {
  start: number;
  end: number;
}

/** The hours of one window on a calendar day; null: closed that day (a weekday it does not list, or a holiday). */
function spanOn(window: CallingWindow, day: CalendarDate, weekday: number): OpenSpan | null {
  if (!window.callsOnHolidays && isNationalHoliday(day)) return null;
  const hours = window.days.find((d) => d.weekday === weekday);
  return hours ? { start: minutesOf(hours.start), end: minutesOf(hours.end) } : null;
}

function intersect(a: OpenSpan | null, b: OpenSpan | null): OpenSpan | null {
  if (!a || !b) return null;
  const span = { start: Math.max(a.start, b.start), end: Math.min(a.end, b.end) };
  return span.start < span.end ? span : null;
}

const zoneOf = (state: string | null) => (state && UF_TIME_ZONE[state]) || CREDIT_TIME_ZONE;

function stateRule(state: string | null, day: CalendarDate) {
  return [...STATE_RULES].reverse().find((rule) => rule.state === state && rule.from <= day);
}

/**
 * When a client of `state` may be called on a local calendar day: the company's hours of that weekday, narrowed
 * by the company's own narrowing for the state (if it has one that weekday) and by the state's law in force that
 * day (if any). Null: not at all that day. Ignores `alwaysOpen` (the callers decide what it means for them).
 */
export function hoursOn(company: CompanyWindow, state: string | null, day: CalendarDate): OpenSpan | null {
  const weekday = weekdayOf(day);
  let span = spanOn(company, day, weekday);
  const narrowing = state ? company.narrowings.find((n) => n.state === state && n.weekday === weekday) : undefined;
  if (narrowing) span = intersect(span, { start: minutesOf(narrowing.start), end: minutesOf(narrowing.end) });
  const rule = stateRule(state, day);
  if (rule) span = intersect(span, spanOn(rule, day, weekday));
  return span;
}

/** Whether a client of `state` (null: unknown, São Paulo time) may be called at `instant`. */
export function mayCallNow(company: CompanyWindow, state: string | null, instant: Date): boolean {
  if (company.alwaysOpen) return true;
  const at = localTime(instant, zoneOf(state));
  const span = hoursOn(company, state, at.day);
  return span !== null && at.minutes >= span.start && at.minutes < span.end;
}

/** The states whose clients may be called now, '' standing for clients without a state (for SQL `= any`). */
export function statesOpenNow(company: CompanyWindow, instant: Date): string[] {
  return ['', ...STATES].filter((state) => mayCallNow(company, state || null, instant));
}

/** The instant of a local wall-clock time in a zone (two passes absorb the zone's offset on that day). */
function instantAt(day: CalendarDate, minutes: number, zone: string): Date {
  const wanted = toDate(day).getTime() + minutes * 60_000;
  let guess = wanted;
  for (let pass = 0; pass < 2; pass++) {
    const seen = localTime(new Date(guess), zone);
    guess += wanted - (toDate(seen.day).getTime() + seen.minutes * 60_000);
  }
  return new Date(guess);
}

/** How far ahead a callback's opening is looked for: every weekday four times over, whatever the holidays. */
const OPENING_SEARCH_DAYS = 28;

/**
 * When a 305 callback without a time falls due: the opening, in the client's local time, of the next day on
 * which the client may be called at all (the company's hours of that weekday, no national holiday unless the
 * company calls on them, its narrowing for the state and the state's law; the default window for a company
 * whose window is always open). A company closed on every day gets the default window's next opening: the
 * queue still hands the callback out only when the company opens.
 */
export function nextBusinessOpening(company: CompanyWindow, state: string | null, instant: Date): Date {
  const zone = zoneOf(state);
  const from = localTime(instant, zone).day;
  for (const window of company.alwaysOpen ? [DEFAULT_WINDOW] : [company, DEFAULT_WINDOW]) {
    for (let step = 1; step <= OPENING_SEARCH_DAYS; step++) {
      const day = addDays(from, step);
      const span = hoursOn(window, state, day);
      if (span) return instantAt(day, span.start, zone);
    }
  }
  // Unreachable: the default window opens every week.
  throw new Error('Nenhuma abertura da janela de ligação encontrada.');
}
