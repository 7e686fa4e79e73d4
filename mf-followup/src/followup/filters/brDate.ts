import { applyMask, compactDate, parseDate } from '@consig/shared/format';

/**
 * The date filters are typed the Brazilian way, dd/mm/aaaa, whatever language the browser speaks (an
 * `<input type="date">` follows the browser's locale). The address keeps ISO days (yyyy-mm-dd), which read
 * the same everywhere; the API gets compact YYYYMMDD (product-spec §5 "Date filters").
 */
export const BR_DATE_MASK = '99/99/9999';

/** Formats while the user types: '1503' → '15/03', '15032026' → '15/03/2026', pasted punctuation is harmless. */
export const maskBrDate = (value: string) => applyMask(value, BR_DATE_MASK);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** '15/03/2026' → '2026-03-15'; null unless it is a complete, real calendar day ('31/04/2026' is not). */
export function brDateToIso(value: string): string | null {
  const parts = parseDate(value);
  return parts && value.includes('/') ? `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}` : null;
}

/** '2026-03-15' → '15/03/2026'; '' (an open end) stays ''. */
export function isoToBrDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * '15/03/2026' → '20260315'. Stripping '/' alone would keep the typed order (15032026), so the day is
 * turned around to ISO first; '' for anything that is not a complete date.
 */
export function compactBrDate(value: string): string {
  const iso = brDateToIso(value);
  return iso ? compactDate(iso) : '';
}
