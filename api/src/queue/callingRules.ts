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

/** A weekly window: ISO weekdays (1 Monday … 7 Sunday) and local hours 'HH:MM', start inclusive, end exclusive. */
export interface CallingWindow {
  weekdays: readonly number[];
  start: string;
  end: string;
  /** True: also on national holidays. */
  callsOnHolidays: boolean;
}

/** The company's setting (table janela_ligacao). `alwaysOpen` is for demos and tests: it overrides every rule. */
export interface CompanyWindow extends CallingWindow {
  alwaysOpen: boolean;
}

/** docs/rules.md: Mon–Fri 08:00–18:00, no national holidays. */
export const DEFAULT_WINDOW: CompanyWindow = {
  weekdays: [1, 2, 3, 4, 5],
  start: '08:00',
  end: '18:00',
  callsOnHolidays: false,
  alwaysOpen: false,
};

/**
 * State laws stricter than (or equal to) the default, as dated data: a rule applies from `from` on, and a
 * client in that state is called only inside both the company's window and the state's.
 */
export const STATE_RULES: readonly (CallingWindow & { state: string; from: CalendarDate; source: string })[] = [
  {
    state: 'RJ',
    from: '2018-03-15',
    source: 'Lei estadual RJ 7.853/2018',
    weekdays: [1, 2, 3, 4, 5],
    start: '08:00',
    end: '18:00',
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
 */
const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];

export function isNationalHoliday(day: CalendarDate): boolean {
  const monthDay = day.slice(5);
  if (FIXED_HOLIDAYS.includes(monthDay)) return !(monthDay === '11-20' && day < '2024-01-01');
  return day === addDays(easter(Number(day.slice(0, 4))), -2);
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
  const weekday = ((toDate(day).getUTCDay() + 6) % 7) + 1;
  return { day, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function insideWindow(window: CallingWindow, at: LocalTime): boolean {
  if (!window.weekdays.includes(at.weekday)) return false;
  if (!window.callsOnHolidays && isNationalHoliday(at.day)) return false;
  return at.minutes >= minutesOf(window.start) && at.minutes < minutesOf(window.end);
}

const zoneOf = (state: string | null) => (state && UF_TIME_ZONE[state]) || CREDIT_TIME_ZONE;

function stateRule(state: string | null, day: CalendarDate) {
  return [...STATE_RULES].reverse().find((rule) => rule.state === state && rule.from <= day);
}

/** Whether a client of `state` (null: unknown, São Paulo time) may be called at `instant`. */
export function mayCallNow(company: CompanyWindow, state: string | null, instant: Date): boolean {
  if (company.alwaysOpen) return true;
  const at = localTime(instant, zoneOf(state));
  if (!insideWindow(company, at)) return false;
  const rule = stateRule(state, at.day);
  return !rule || insideWindow(rule, at);
}

/** The states whose clients may be called now, '' standing for clients without a state (for SQL `= any`). */
export function statesOpenNow(company: CompanyWindow, instant: Date): string[] {
  return ['', ...STATES].filter((state) => mayCallNow(company, state || null, instant));
}

/** The instant of a local wall-clock time in a zone (two passes absorb the zone's offset on that day). */
function instantAt(day: CalendarDate, hhmm: string, zone: string): Date {
  const wanted = toDate(day).getTime() + minutesOf(hhmm) * 60_000;
  let guess = wanted;
  for (let pass = 0; pass < 2; pass++) {
    const seen = localTime(new Date(guess), zone);
    guess += wanted - (toDate(seen.day).getTime() + seen.minutes * 60_000);
  }
  return new Date(guess);
}

/**
 * When a 305 callback without a time falls due: the opening of the next business day of the calling
 * window in the client's local time (the company's weekdays, no national holiday; Mon–Fri 08:00 for a
 * company whose window is always open).
 */
export function nextBusinessOpening(company: CompanyWindow, state: string | null, instant: Date): Date {
  const window = company.alwaysOpen ? DEFAULT_WINDOW : company;
  const zone = zoneOf(state);
  let day = localTime(instant, zone).day;
  for (let step = 0; step < 30; step++) {
    day = addDays(day, 1);
    const weekday = ((toDate(day).getUTCDay() + 6) % 7) + 1;
    if (window.weekdays.includes(weekday) && (window.callsOnHolidays || !isNationalHoliday(day))) break;
  }
  const rule = stateRule(state, day);
  const start = rule && minutesOf(rule.start) > minutesOf(window.start) ? rule.start : window.start;
  return instantAt(day, start, zone);
}
