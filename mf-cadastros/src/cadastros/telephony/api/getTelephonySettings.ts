import { telephonySettingsResponse } from '@consig/shared';
import { apiGet, telephonySettingsKeys, useEditableQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastros/empresa/telefonia (supervisors and managers): the recording retention and the after-call limit. */
export const getTelephonySettings = (config?: RequestConfig) => apiGet('/cadastros/empresa/telefonia', telephonySettingsResponse, config);

export const getTelephonySettingsQueryOptions = () =>
  queryOptions({
    queryKey: telephonySettingsKeys.detail('empresa'),
    queryFn: ({ signal }) => getTelephonySettings({ signal }),
  });

/** Read again at each opening of 'Telefonia': the form starts from the settings as they are now (useEditableQuery). */
export const useTelephonySettings = () => useEditableQuery(getTelephonySettingsQueryOptions());
