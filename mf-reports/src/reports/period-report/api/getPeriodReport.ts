import { reportResponse, type ReportQuery } from '@consig/shared';
import { defineGet, reportKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /relatorios/periodo?inicio=&fim=[&ID_Campanha=][&ID_Atendente=][&agrupar=] (supervisors and managers): the
 * period's totals, its buckets (days or hours of the day), outcomes, pauses by reason and caller numbers. A bad
 * or too long period is a 400 with the API's text.
 */
export const getPeriodReport = defineGet({
  path: '/relatorios/periodo',
  search: (query: ReportQuery) => query,
  response: reportResponse,
});

/** The filters are part of the key: another period, campaign, attendant or grouping is another read. */
export const getPeriodReportQueryOptions = (query: ReportQuery) =>
  queryOptions({ queryKey: reportKeys.period(query), queryFn: ({ signal }) => getPeriodReport(query, { signal }) });

/** Nothing is asked before 'Gerar relatório' (`query` null). */
const NOT_ASKED: ReportQuery = { inicio: '', fim: '' };

export const usePeriodReport = (query: ReportQuery | null) =>
  useApiQuery({ ...getPeriodReportQueryOptions(query ?? NOT_ASKED), enabled: query !== null });
