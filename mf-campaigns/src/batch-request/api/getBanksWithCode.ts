import { bancosResponse } from '@consig/shared';
import { apiGet, lookupKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/banco/comcodigo (product-spec §7): the banks by COMPE code, for the loan and payment bank lists. */
export const getBanksWithCode = () => apiGet('/cadastro/banco/comcodigo', bancosResponse);

/** The same key the attendance screen gives this list (GET /cadastro/banco is another list, under `lookupKeys.banks()`). */
const banksWithCodeKey = () => [...lookupKeys.all, 'banks-with-code'] as const;

export const useBanksWithCode = () => useApiQuery(queryOptions({ queryKey: banksWithCodeKey(), queryFn: getBanksWithCode }));
