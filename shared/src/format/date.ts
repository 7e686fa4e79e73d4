export interface DateParts {
  day: number;
  month: number;
  year: number;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Reads a Brazilian date 'dd-mm-yyyy', 'dd/mm/yyyy' or 'dd.mm.yyyy' (one separator throughout, exactly
 * 10 characters, product-spec §5 DE_Nascimento). Returns null unless it is a real calendar day: '31-04-2024'
 * and '29-02-2023' are null, '29-02-2024' is not. Checked arithmetically because `new Date` rolls overflow over.
 */
export function parseDate(value: string | null | undefined): DateParts | null {
  const match = /^(\d{2})([-/.])(\d{2})\2(\d{4})$/.exec(value ?? '');
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[3]);
  const year = Number(match[4]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { day, month, year };
}

export function isValidDate(value: string | null | undefined): boolean {
  return parseDate(value) !== null;
}

/**
 * Removes '/' and '-' and nothing else (product-spec §5 "Date filters", §7 "dashes removed"). Field order is
 * kept, so a date input's 'yyyy-mm-dd' becomes the filters' 'yyyymmdd'; 'dd-mm-yyyy' becomes 'ddmmyyyy'.
 */
export function compactDate(value: string | null | undefined): string {
  return (value ?? '').replace(/[/-]/g, '');
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of the attendant's local calendar day (the value of an `<input type="date">`); today by default. */
export function toIsoDate(date: Date = new Date()): string {
  // Not toISOString(): that is UTC, which in Brazil (UTC-3) is already tomorrow from 21:00 on.
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** 'YYYYMMDD' of the local calendar day, as the proposal-list filters send it; today by default. */
export function toCompactDate(date: Date = new Date()): string {
  return compactDate(toIsoDate(date));
}

const saoPauloInstant = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant (ISO 8601 with its offset) as 'dd/mm/aaaa hh:mm' in São Paulo, whatever the browser's zone; not an instant: as it came. */
export function formatSaoPauloDateTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const parts = saoPauloInstant.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A duration in whole seconds as mm:ss ('01:05'); minutes go on past 59 ('75:00'). Negative or fractional: floored at 0. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(seconds / 60), 2)}:${pad(seconds % 60, 2)}`;
}

const HOUR_S = 3600;

/** A duration in whole seconds as h:mm:ss ('1:02:05', '0:00:00'), for a working day's totals; hours go on past 23. */
export function formatHoursMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / HOUR_S)}:${pad(Math.floor((seconds % HOUR_S) / 60), 2)}:${pad(seconds % 60, 2)}`;
}

/** Time in a state: mm:ss under an hour ('04:05'), h:mm:ss from there on ('1:00:00'). */
export const formatElapsed = (seconds: number) => (seconds < HOUR_S ? formatMinutesSeconds(seconds) : formatHoursMinutesSeconds(seconds));
