import { simulacoesResponse } from '@consig/shared';
import { apiGet, simulationKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/simulacao/{ClienteID}: the simulations already sent to the client, newest first. */
export const getSimulations = (clientId: number) => apiGet(`/crm/simulacao/${clientId}`, simulacoesResponse);

export const getSimulationsQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: simulationKeys.list({ clientId }), queryFn: () => getSimulations(clientId) });

export const useSimulations = (clientId: number) => useApiQuery(getSimulationsQueryOptions(clientId));
