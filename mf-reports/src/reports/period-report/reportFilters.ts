import { periodProblem, reportQuery, type ReportQuery } from '@consig/shared';
import { saoPauloDate } from '@consig/shared/credit';
import { zodResolver } from '@consig/shared/forms';
import type { Resolver } from 'react-hook-form';

export type Grouping = NonNullable<ReportQuery['agrupar']>;

/** 'Agrupar por': the API's `agrupar` values and their names. */
export const GROUPINGS: readonly { value: Grouping; label: string }[] = [
  { value: 'dia', label: 'Dia' },
  { value: 'hora', label: 'Hora do dia' },
];

const queryResolver = zodResolver(reportQuery);

/**
 * The filters as the form holds them: the request's own fields as text (the date inputs' 'YYYY-MM-DD', the ids'
 * digits), a campaign or attendant left out for 'Todas'/'Todos'.
 */
export type ReportFilterValues = Parameters<typeof queryResolver>[0];

/** The query with its fields in the contract's order and the filters left out absent: one query string per choice. */
export const canonicalReportQuery = ({ inicio, fim, ID_Campanha, ID_Atendente, agrupar }: ReportQuery): ReportQuery => ({
  inicio,
  fim,
  ...(ID_Campanha === undefined ? {} : { ID_Campanha }),
  ...(ID_Atendente === undefined ? {} : { ID_Atendente }),
  ...(agrupar === undefined ? {} : { agrupar }),
});

/**
 * The form is checked by the request's own schema (reportQuery: what the API validates, and what the form hands
 * over is the query itself), then by what the schema cannot say alone: the period's order and length.
 */
export const reportFiltersResolver: Resolver<ReportFilterValues, unknown, ReportQuery> = async (values, context, options) => {
  const result = await queryResolver(values, context, options);
  const problem = periodProblem(values.inicio, values.fim);
  if (!problem || result.errors[problem.field]) return result;
  return { values: {}, errors: { ...result.errors, [problem.field]: { type: 'custom', message: problem.text } } };
};

/** Today in São Paulo, whatever the browser's zone, as both ends; every campaign and attendant, by day. */
export function defaultReportFilters(now: Date = new Date()): ReportFilterValues {
  const today = saoPauloDate(now);
  return { inicio: today, fim: today, agrupar: 'dia' };
}
