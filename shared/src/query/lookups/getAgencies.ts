import { agenciesResponse } from '@consig/shared';
import { queryOptions } from '@tanstack/react-query';
import { lookupKeys } from '../keys';
import { apiGet, type RequestConfig } from '../request';
import { useApiQuery } from '../useApiQuery';

/** GET /cadastro/orgaos: the agencies (convênios) a campaign may serve; the same for every company. */
export const getAgencies = (config?: RequestConfig) => apiGet('/cadastro/orgaos', agenciesResponse, config);

export const getAgenciesQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.agencies(), queryFn: ({ signal }) => getAgencies({ signal }) });

export const useAgencies = () => useApiQuery(getAgenciesQueryOptions());
