import { bancosResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/banco/comcodigo (product-spec §7): the banks by COMPE code, for the operation card's bank select. */
export const getBanksWithCode = () => apiGet('/cadastro/banco/comcodigo', bancosResponse);

/** A key of its own under the lookups (reference data for every company): the client form reads GET /cadastro/banco. */
export const banksWithCodeKey = () => [...lookupKeys.all, 'banks-with-code'] as const;

export const useBanksWithCode = () => useApiQuery(queryOptions({ queryKey: banksWithCodeKey(), queryFn: getBanksWithCode }));
