import { orgaosResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/orgaos: the agencies (convênios) a campaign may serve; the same for every company. */
export const getAgencies = () => apiGet('/cadastro/orgaos', orgaosResponse);

export const getAgenciesQueryOptions = () => queryOptions({ queryKey: [...lookupKeys.all, 'agencies'], queryFn: getAgencies });

export const useAgencies = () => useApiQuery(getAgenciesQueryOptions());
