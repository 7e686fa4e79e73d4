import type { Report } from '@consig/shared';

/** What a figure shows when it cannot be computed (a rate whose whole is 0). */
export const NO_FIGURE = '—';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** A share in [0, 1] as a pt-BR percent ('45,5%', '50%'); null (its whole is 0) as '—'. */
export const formatShare = (share: number | null) => (share === null ? NO_FIGURE : percent.format(share));

/** A count with pt-BR grouping ('12.345'). */
export const formatCount = (value: number) => count.format(value);

/** 'YYYY-MM-DD' as 'dd/mm/aaaa'; anything else as it came. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** A bucket's name: its day as 'dd/mm/aaaa' by day, its hour as '09h' by hour of the day. */
export const bucketLabel = (key: string, grouping: Report['agrupar']) =>
  grouping === 'hora' ? `${key.padStart(2, '0')}h` : formatDay(key);

/** The buckets' column header and the table's title, by grouping. */
export const GROUPING_TEXT = {
  dia: { column: 'Dia', title: 'Por dia' },
  hora: { column: 'Hora', title: 'Por hora do dia' },
} as const satisfies Record<Report['agrupar'], { column: string; title: string }>;
