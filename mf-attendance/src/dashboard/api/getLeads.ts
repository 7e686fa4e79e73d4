import { leadsResponse } from '@consig/shared';
import { apiGet, leadKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /atendente/lead: the leads of the dashboard, parsed with the contract's schema. */
export const getLeads = (config?: RequestConfig) => apiGet('/atendente/lead', leadsResponse, config);

export const getLeadsQueryOptions = () => queryOptions({ queryKey: leadKeys.list(), queryFn: ({ signal }) => getLeads({ signal }) });

/** The leads, cached (a failed read shows its text as an error toast). */
export const useLeads = () => useApiQuery(getLeadsQueryOptions());
