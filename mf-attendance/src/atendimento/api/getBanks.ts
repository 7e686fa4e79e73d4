import { bancosResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/banco: the banks by COMPE code (BancoID), for the client form's bank select. */
export const getBanks = () => apiGet('/cadastro/banco', bancosResponse);

export const getBanksQueryOptions = () => queryOptions({ queryKey: lookupKeys.banks(), queryFn: getBanks });

export const useBanks = () => useApiQuery(getBanksQueryOptions());
