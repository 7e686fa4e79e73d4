import { myDayResponse } from '@consig/shared';
import { apiGet, myDayKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** 'Meu dia' is read again this often while the screen is open (calls and pauses add up by themselves). */
export const MY_DAY_REFRESH_MS = 60_000;

/** GET /atendente/meu-dia: the signed-in attendant's São Paulo day so far (calls, time talked, pauses, proposals). */
export const getMyDay = (config?: RequestConfig) => apiGet('/atendente/meu-dia', myDayResponse, config);

export const getMyDayQueryOptions = () =>
  queryOptions({
    queryKey: myDayKeys.all,
    queryFn: ({ signal }) => getMyDay({ signal }),
    refetchInterval: MY_DAY_REFRESH_MS,
    // The strip says so itself, in its place: a toast every minute would bury the attendant's own work.
    meta: { errorToast: false },
  });

export const useMyDay = () => useApiQuery(getMyDayQueryOptions());
