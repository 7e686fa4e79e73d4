import { attendantStatusResponse } from '@consig/shared';
import { apiGet, attendantStatusKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /atendente/status: available (81) or paused (201) with the reason; what survives a reload. */
export const getAttendantStatus = (config?: RequestConfig) => apiGet('/atendente/status', attendantStatusResponse, config);

export const getAttendantStatusQueryOptions = () =>
  queryOptions({ queryKey: attendantStatusKeys.all, queryFn: ({ signal }) => getAttendantStatus({ signal }) });

export const useAttendantStatus = () => useApiQuery(getAttendantStatusQueryOptions());
