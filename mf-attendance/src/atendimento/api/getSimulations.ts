import { simulationsResponse } from '@consig/shared';
import { apiGet, simulationKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/simulacao/{ClienteID}: the simulations already sent to the client, newest first. */
export const getSimulations = (clientId: number, config?: RequestConfig) =>
  apiGet(`/crm/simulacao/${clientId}`, simulationsResponse, config);

export const getSimulationsQueryOptions = (clientId: number) =>
  queryOptions({ queryKey: simulationKeys.list({ clientId }), queryFn: ({ signal }) => getSimulations(clientId, { signal }) });

export const useSimulations = (clientId: number) => useApiQuery(getSimulationsQueryOptions(clientId));
