import * as z from 'zod/mini';
import { envelope } from './envelope';
import { daysBetween, isCalendarDate } from '../credit/calendar';
import { idParam } from './fields';

// 'Relatórios' → 'Relatórios' (roles 12 and 13; docs/rules.md "Reports"): a period of São Paulo calendar days,
// optionally one campaign and one attendant, by day or by hour of the day. Every figure is a count or a sum the
// screen divides itself (rates, averages, shares), so the totals row and the buckets use one arithmetic.

/** The longest period a report covers: 13 months (a year and the same month of the year before). */
export const REPORT_MAX_DAYS = 397;

/** Calls of a caller number lasting this long or less count as short (Anatel's watch on robocalls). */
export const SHORT_CALL_MAX_S = 6;
/** The share of short calls above which the report warns (Anatel acts at 85% of ≥ 100,000 calls a day). */
export const SHORT_CALL_WARNING_SHARE = 0.5;

export const REPORT_TEXT = {
  invalidPeriod: 'Informe um período válido (datas AAAA-MM-DD, início até o fim).',
  periodTooLong: 'O período pode ter no máximo 13 meses.',
} as const;

const day = z.string().check(z.maxLength(10, REPORT_TEXT.invalidPeriod), z.regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_TEXT.invalidPeriod));

/** Which date a period's problem is shown under, and the API's own text for it (REPORT_TEXT). */
export interface PeriodProblem {
  field: 'inicio' | 'fim';
  text: string;
}

/**
 * Why the API would refuse a period (the API's check and the form's, with the same texts): a date
 * that is no calendar day, an end before the start, or more than REPORT_MAX_DAYS days counting both ends. Null
 * when the period can be asked for.
 */
export function periodProblem(start: string, end: string): PeriodProblem | null {
  if (!isCalendarDate(start)) return { field: 'inicio', text: REPORT_TEXT.invalidPeriod };
  if (!isCalendarDate(end)) return { field: 'fim', text: REPORT_TEXT.invalidPeriod };
  const days = daysBetween(start, end) + 1;
  if (days < 1) return { field: 'fim', text: REPORT_TEXT.invalidPeriod };
  if (days > REPORT_MAX_DAYS) return { field: 'fim', text: REPORT_TEXT.periodTooLong };
  return null;
}

/** GET /relatorios/periodo query: `inicio` and `fim` inclusive; `agrupar` 'dia' (default) or 'hora' (0–23). */
export const reportQuery = z.object({
  inicio: day,
  fim: day,
  ID_Campanha: z.optional(idParam),
  ID_Atendente: z.optional(idParam),
  agrupar: z.optional(z.enum(['dia', 'hora'], "Use 'dia' ou 'hora'.")),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** The figures of one bucket (a day, an hour of the day) or of the whole period. Seconds are whole seconds. */
export const reportFigures = z.object({
  /** Calls placed by attendants to the phone network (refused at the edge included: they were attempts). */
  NU_Tentativas: z.int(),
  /** Calls answered, both ways (outbound answered by the client, inbound answered by an attendant). */
  NU_Atendidas: z.int(),
  /** Inbound calls from the phone network. */
  NU_Recebidas: z.int(),
  NU_SegundosFalados: z.int(),
  /** Start to answer, or to the end when unanswered (calls that reached a phone). */
  NU_SegundosToque: z.int(),
  /** Outcomes recorded (301–306). */
  NU_Resultados: z.int(),
  NU_Propostas: z.int(),
  /** Gross value of those proposals, decimal text. */
  VL_Propostas: z.string(),
  /** Seconds attendants were signed in (any state but offline), in pause, and in after-call work. */
  NU_SegundosLogado: z.int(),
  NU_SegundosPausa: z.int(),
  NU_SegundosPosAtendimento: z.int(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

/** The figures of a bucket without activity (the API leaves such buckets out; a sum starts from it). */
export const NO_ACTIVITY: ReportFigures = {
  NU_Tentativas: 0,
  NU_Atendidas: 0,
  NU_Recebidas: 0,
  NU_SegundosFalados: 0,
  NU_SegundosToque: 0,
  NU_Resultados: 0,
  NU_Propostas: 0,
  VL_Propostas: '0.00',
  NU_SegundosLogado: 0,
  NU_SegundosPausa: 0,
  NU_SegundosPosAtendimento: 0,
};

export const reportBucket = z.extend(reportFigures, {
  /** 'YYYY-MM-DD' by day; '00'…'23' by hour of the day (São Paulo). Buckets without activity are left out. */
  DE_Chave: z.string(),
});
export type ReportBucket = z.infer<typeof reportBucket>;

export const report = z.object({
  inicio: z.string(),
  fim: z.string(),
  agrupar: z.enum(['dia', 'hora']),
  totais: reportFigures,
  linhas: z.array(reportBucket),
  /** Outcomes of the period by code, every code present (0 when none). */
  resultados: z.array(z.object({ ID_Status: z.int(), DE_Status: z.string(), NU_Quantidade: z.int() })),
  /** Seconds paused by reason (only reasons used). */
  pausas: z.array(z.object({ ID_MotivoPausa: z.int(), DE_MotivoPausa: z.string(), NU_Segundos: z.int() })),
  /** Per caller number (the company's number shown to clients) and day: outbound calls and those of ≤ 6 s talk. */
  numeros: z.array(z.object({ NU_Numero: z.string(), DT_Dia: z.string(), NU_Ligacoes: z.int(), NU_Curtas: z.int() })),
});
export type Report = z.infer<typeof report>;
export const reportResponse = envelope(report);

/** A share in [0, 1], or null when the whole is 0 (the screen shows '—'). */
export const reportShare = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** The derived figures every view shows, from one bucket's counts. */
export function reportRates(figures: ReportFigures) {
  return {
    contactRate: reportShare(figures.NU_Atendidas, figures.NU_Tentativas),
    averageTalkSeconds: figures.NU_Atendidas > 0 ? Math.round(figures.NU_SegundosFalados / figures.NU_Atendidas) : null,
    conversion: reportShare(figures.NU_Propostas, figures.NU_Atendidas),
    occupancy: reportShare(figures.NU_SegundosFalados + figures.NU_SegundosPosAtendimento, figures.NU_SegundosLogado),
  };
}
