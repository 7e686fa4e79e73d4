import { statesResponse } from '@consig/shared';
import { queryOptions } from '@tanstack/react-query';
import { lookupKeys } from '../keys';
import { apiGet, type RequestConfig } from '../request';
import { useApiQuery } from '../useApiQuery';

/** GET /cadastro/estado: the 27 UFs, suggested by the client form's state fields and the batch filter's 'Estados'. */
export const getStates = (config?: RequestConfig) => apiGet('/cadastro/estado', statesResponse, config);

export const getStatesQueryOptions = () => queryOptions({ queryKey: lookupKeys.states(), queryFn: ({ signal }) => getStates({ signal }) });

export const useStates = () => useApiQuery(getStatesQueryOptions());
