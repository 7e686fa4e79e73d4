import { formatBRL, formatDecimal } from '@consig/shared';

/** A rate as the cards show it: '1,80%', or dashes when the offer has none. */
export const percent = (value: string | null | undefined) => (value == null ? '---' : `${formatDecimal(value)}%`);

/** A YYYY-MM-DD calendar day (São Paulo) as dd/mm/yyyy: no time zone involved. */
export const calendarDay = (value: string | null | undefined) => (value ? value.split('-').reverse().join('/') : '---');

const instant = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** An ISO 8601 instant as the São Paulo attendant reads it: '24/11/2026, 10:30'. */
export const saoPauloDateTime = (iso: string) => instant.format(new Date(iso));

/** The offer's monthly rate as cards and summaries show it: '1,80% a.m.', or dashes. */
export const monthlyRate = (value: string | null | undefined) => (value == null ? '---' : `${percent(value)} a.m.`);

/** The IOF financed in the offer, in reais, or dashes. */
export const iof = (value: string | null | undefined) => (value == null ? '---' : formatBRL(value));
