/**
 * Calendar days for credit: contract dates, due dates and "in force from" dates are days of the calendar in
 * São Paulo (America/Sao_Paulo), written 'YYYY-MM-DD'. An instant becomes a day only through
 * `saoPauloDate`, so a contract signed at 22:30 in Brasília on the 31st is dated the 31st, not the UTC 1st.
 * Day arithmetic is then done on the calendar itself (UTC midnights), where no time zone can shift it.
 */
export type CalendarDate = string;

export const CREDIT_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const saoPauloDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: CREDIT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The São Paulo calendar day of an instant: 2025-02-01T01:30Z → '2025-01-31'. */
export function saoPauloDate(instant: Date): CalendarDate {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid date.');
  const parts = Object.fromEntries(saoPauloDay.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

function parts(date: CalendarDate): [year: number, month: number, day: number] {
  const match = DATE_PATTERN.exec(date);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): '${date}'.`);
  }
  return [year, month, day];
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function format(year: number, month: number, day: number): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function isCalendarDate(value: string): boolean {
  try {
    parts(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The same day `months` months later, or the month's last day when it is shorter:
 * 2025-01-31 + 1 → 2025-02-28, + 2 → 2025-03-31 (always counted from the original day, never chained).
 */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / DAY_MS);
}

/** -1, 0 or 1 as `a` is before, on or after `b` (validated, so a malformed date never compares). */
export function compareDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  const days = daysBetween(b, a);
  return days < 0 ? -1 : days > 0 ? 1 : 0;
}
