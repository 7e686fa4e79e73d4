import { banksResponse } from '@consig/shared';
import { queryOptions } from '@tanstack/react-query';
import { lookupKeys } from '../keys';
import { apiGet, type RequestConfig } from '../request';
import { useApiQuery } from '../useApiQuery';

/**
 * GET /cadastro/banco/comcodigo (product-spec §7): the banks by COMPE code, for the operation card's bank select
 * and the batch request's loan and payment bank lists.
 */
export const getBanksWithCode = (config?: RequestConfig) => apiGet('/cadastro/banco/comcodigo', banksResponse, config);

export const getBanksWithCodeQueryOptions = () =>
  queryOptions({ queryKey: lookupKeys.banksWithCode(), queryFn: ({ signal }) => getBanksWithCode({ signal }) });

export const useBanksWithCode = () => useApiQuery(getBanksWithCodeQueryOptions());
