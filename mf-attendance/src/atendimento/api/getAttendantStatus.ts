import { attendantStatusResponse } from '@consig/shared';
import { apiGet, attendantStatusKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /atendente/status: available (81) or paused (201) with the reason; what survives a reload. */
export const getAttendantStatus = () => apiGet('/atendente/status', attendantStatusResponse);

export const getAttendantStatusQueryOptions = () => queryOptions({ queryKey: attendantStatusKeys.all, queryFn: getAttendantStatus });

export const useAttendantStatus = () => useApiQuery(getAttendantStatusQueryOptions());
