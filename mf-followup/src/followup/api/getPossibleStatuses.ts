import { possibleStatusesResponse } from '@consig/shared';
import { apiGet, proposalKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/proposta/status/possiveis: the statuses a proposal may be given (the row's dropdown, product-spec §4). */
export const getPossibleStatuses = (config?: RequestConfig) => apiGet('/crm/proposta/status/possiveis', possibleStatusesResponse, config);

export const getPossibleStatusesQueryOptions = () =>
  queryOptions({ queryKey: proposalKeys.possibleStatuses(), queryFn: ({ signal }) => getPossibleStatuses({ signal }) });

export const usePossibleStatuses = () => useApiQuery(getPossibleStatusesQueryOptions());
