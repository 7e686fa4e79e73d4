import { attendantsResponse } from '@consig/shared';
import { queryOptions } from '@tanstack/react-query';
import { attendantKeys } from '../keys';
import { apiGet, type RequestConfig } from '../request';
import { useApiQuery } from '../useApiQuery';

/**
 * GET /atendente: the company's attendants. The campaign list loads them on entry for 'Definir atendentes'; the
 * client service screen holds them in its state (product-spec §3). One key, so both remotes share one cache entry.
 */
export const getAttendants = (config?: RequestConfig) => apiGet('/atendente', attendantsResponse, config);

export const getAttendantsQueryOptions = () =>
  queryOptions({ queryKey: attendantKeys.list(), queryFn: ({ signal }) => getAttendants({ signal }) });

export const useAttendants = () => useApiQuery(getAttendantsQueryOptions());
