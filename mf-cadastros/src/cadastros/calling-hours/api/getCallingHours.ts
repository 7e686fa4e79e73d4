import { callingHoursResponse } from '@consig/shared';
import { apiGet, createQueryKeys, useEditableQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastros/empresa/horarios: read by this panel only, so its key lives beside it. */
export const callingHoursKeys = createQueryKeys('calling-hours');

/**
 * GET /cadastros/empresa/horarios (managers): the company's days and hours, SN_Feriados, SN_SempreAberta, its
 * narrowings per state, the state laws (read-only) and the national holidays of this year and next.
 */
export const getCallingHours = (config?: RequestConfig) => apiGet('/cadastros/empresa/horarios', callingHoursResponse, config);

export const getCallingHoursQueryOptions = () =>
  queryOptions({ queryKey: callingHoursKeys.all, queryFn: ({ signal }) => getCallingHours({ signal }) });

/** Read again at each opening of 'Horários': the form starts from the hours as they are now (useEditableQuery). */
export const useCallingHours = () => useEditableQuery(getCallingHoursQueryOptions());
