import { banksResponse } from '@consig/shared';
import { queryOptions } from '@tanstack/react-query';
import { lookupKeys } from '../keys';
import { apiGet, type RequestConfig } from '../request';
import { useApiQuery } from '../useApiQuery';

/** GET /cadastro/banco: the banks by COMPE code (BancoID), for the client form's bank select. */
export const getBanks = (config?: RequestConfig) => apiGet('/cadastro/banco', banksResponse, config);

export const getBanksQueryOptions = () => queryOptions({ queryKey: lookupKeys.banks(), queryFn: ({ signal }) => getBanks({ signal }) });

export const useBanks = () => useApiQuery(getBanksQueryOptions());
