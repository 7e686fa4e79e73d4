import { possibleStatusesResponse } from '@consig/shared';
import { apiGet, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { followupKeys } from './keys';

/** GET /crm/proposta/status/possiveis: the statuses a proposal may be given (the row's dropdown, product-spec §4). */
export const getPossibleStatuses = () => apiGet('/crm/proposta/status/possiveis', possibleStatusesResponse);

export const getPossibleStatusesQueryOptions = () => queryOptions({ queryKey: followupKeys.possibleStatuses, queryFn: getPossibleStatuses });

export const usePossibleStatuses = () => useApiQuery(getPossibleStatusesQueryOptions());
