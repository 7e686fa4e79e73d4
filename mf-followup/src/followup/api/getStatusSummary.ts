import { statusSummaryResponse, type StatusSummaryQuery } from '@consig/shared';
import { compactDate } from '@consig/shared/format';
import { defineGet, proposalKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** The period of the counts as the date inputs hold it ('yyyy-mm-dd'); '' leaves that end open. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** Compact dates (product-spec §5 "Date filters"); an open end is left out of the request. */
const statusSummaryQueryOf = ({ startDate, endDate }: DateRange): StatusSummaryQuery => ({
  DT_Inicio: compactDate(startDate) || undefined,
  DT_Fim: compactDate(endDate) || undefined,
});

/** GET /crm/proposta/status?DT_Inicio=YYYYMMDD&DT_Fim=YYYYMMDD: each proposal status with its count in the period. */
export const getStatusSummary = defineGet({
  path: '/crm/proposta/status',
  search: (query: StatusSummaryQuery) => query,
  response: statusSummaryResponse,
});

/** The dates are part of the key: another period is another read. */
export const getStatusSummaryQueryOptions = (range: DateRange) => {
  const query = statusSummaryQueryOf(range);
  return queryOptions({ queryKey: proposalKeys.statusSummary(query), queryFn: ({ signal }) => getStatusSummary(query, { signal }) });
};

export const useStatusSummary = (range: DateRange) => useApiQuery(getStatusSummaryQueryOptions(range));
