import { toIsoDate, type Callback } from '@consig/shared';
import { saoPauloDate } from '@consig/shared/credit';

/**
 * The calendar's days and hours, in the browser's local time (what the attendant's clock says; most are in São
 * Paulo time). A day is 'YYYY-MM-DD' of the local calendar; a week runs Monday to Sunday.
 */

export type CalendarView = 'semana' | 'dia';

/** The calling window's hours, each a row (08:00 … 20:00: the window closes at 21:00). */
export const FIRST_HOUR = 8;
export const LAST_HOUR = 20;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a day; null when the text is no real day. */
export function dateOf(day: string): Date | null {
  const match = ISO_DAY.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toIsoDate(date) === day ? date : null;
}

const localDate = (day: string) => dateOf(day) ?? new Date();

export function addDays(day: string, days: number): string {
  const date = localDate(day);
  return toIsoDate(new Date(date.getFullYear(), date.getMonth(), date.getDate() + days));
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  const weekday = (localDate(day).getDay() + 6) % 7; // 0 Monday … 6 Sunday
  return addDays(day, -weekday);
}

/** The days a view shows, in order. */
export function daysShown(day: string, view: CalendarView): string[] {
  if (view === 'dia') return [day];
  const monday = weekStart(day);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** Where 'Anterior' and 'Próxima' go: a week or a day away. */
export const stepped = (day: string, view: CalendarView, direction: 1 | -1) => addDays(day, direction * (view === 'dia' ? 1 : 7));

/**
 * The API's range (São Paulo calendar days, inclusive) covering the local days shown, from local midnight of the
 * first to local midnight after the last: the same days for a browser on São Paulo time, a day more where its
 * clock differs.
 */
export function apiRange(days: readonly string[]): { inicio: string; fim: string } {
  const start = localDate(days[0]);
  const end = localDate(addDays(days[days.length - 1], 1));
  return { inicio: saoPauloDate(start), fim: saoPauloDate(new Date(end.getTime() - 1)) };
}

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long' });
const longDay = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const shortWeekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'short' });
const dayAndMonth = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: '2-digit', month: '2-digit' });
const hourMinute = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** '23 a 29 de novembro de 2026', '30 de novembro a 6 de dezembro de 2026', '29 de dezembro de 2025 a 4 de janeiro de 2026'; a day: 'quarta-feira, 25 de novembro de 2026'. */
export function rangeHeading(days: readonly string[]): string {
  const first = localDate(days[0]);
  if (days.length === 1) return longDay.format(first);
  const last = localDate(days[days.length - 1]);
  const tail = `${last.getDate()} de ${monthName.format(last)} de ${last.getFullYear()}`;
  if (first.getFullYear() !== last.getFullYear())
    return `${first.getDate()} de ${monthName.format(first)} de ${first.getFullYear()} a ${tail}`;
  if (first.getMonth() !== last.getMonth()) return `${first.getDate()} de ${monthName.format(first)} a ${tail}`;
  return `${first.getDate()} a ${tail}`;
}

/** A week column's head: 'qua. 25/11'. */
export function columnHeading(day: string): string {
  const date = localDate(day);
  return `${shortWeekday.format(date)} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** A day of the phone list: 'quarta-feira, 25/11'. */
export const listHeading = (day: string) => dayAndMonth.format(localDate(day));

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The local time of an instant: '14:30'. */
export const timeOf = (instant: string) => hourMinute.format(new Date(instant));

/** The local day and time of an instant: '25/11/2026 14:30'. */
export const dateTimeOf = (instant: string) => {
  const { date, time } = localFields(instant);
  return `${date.split('-').reverse().join('/')} ${time}`;
};

/** A callback where the calendar shows it: its local day and hour. */
export interface PlacedCallback {
  callback: Callback;
  day: string;
  hour: number;
}

/** The callbacks on the days shown, each on its local day and hour, in due order. */
export function placeCallbacks(callbacks: readonly Callback[], days: readonly string[]): PlacedCallback[] {
  return callbacks
    .map((callback) => {
      const at = new Date(callback.TS_Retorno);
      return { callback, day: toIsoDate(at), hour: at.getHours(), time: at.getTime() };
    })
    .filter((placed) => days.includes(placed.day))
    .sort((a, b) => a.time - b.time)
    .map(({ callback, day, hour }) => ({ callback, day, hour }));
}

/** The hour rows: the calling window, widened to any callback due outside it (a missed call at night). */
export function hourRows(placed: readonly PlacedCallback[]): number[] {
  const first = Math.min(FIRST_HOUR, ...placed.map((p) => p.hour));
  const last = Math.max(LAST_HOUR, ...placed.map((p) => p.hour));
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** The `datetime` of an instant typed as a local day and time, with this browser's offset ('2026-11-25T14:30:00-03:00'). */
export function localInstant(day: string, time: string): string {
  const date = localDate(day);
  const [hours, minutes] = time.split(':').map(Number);
  const at = new Date(date.getFullYear(), date.getMonth(), date.getDate(), hours, minutes);
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${toIsoDate(at)}T${pad(at.getHours())}:${pad(at.getMinutes())}:00${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** The local day and time of an instant, as a date and a time field hold them. */
export function localFields(instant: string): { date: string; time: string } {
  const at = new Date(instant);
  return { date: toIsoDate(at), time: timeOf(instant) };
}
