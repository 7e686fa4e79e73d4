import { estadosResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/estado: the 27 UFs, the batch filter's 'Estados' choices. */
export const getStates = () => apiGet('/cadastro/estado', estadosResponse);

export const useStates = () => useApiQuery(queryOptions({ queryKey: lookupKeys.states(), queryFn: getStates }));
