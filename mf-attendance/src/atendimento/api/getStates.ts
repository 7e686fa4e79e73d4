import { estadosResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/estado: the 27 UFs, suggested by the client form's state fields. */
export const getStates = () => apiGet('/cadastro/estado', estadosResponse);

export const getStatesQueryOptions = () => queryOptions({ queryKey: lookupKeys.states(), queryFn: getStates });

export const useStates = () => useApiQuery(getStatesQueryOptions());
