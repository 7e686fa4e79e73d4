import { leadsResponse } from '@consig/shared';
import { apiGet, leadKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /atendente/lead: the leads of the dashboard, parsed with the contract's schema. */
export const getLeads = () => apiGet('/atendente/lead', leadsResponse);

export const getLeadsQueryOptions = () => queryOptions({ queryKey: leadKeys.list(), queryFn: getLeads });

/** The leads, cached (a failed read shows its text as an error toast). */
export const useLeads = () => useApiQuery(getLeadsQueryOptions());
