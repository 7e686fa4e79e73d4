import { telephonySettingsResponse } from '@consig/shared';
import { apiGet, telephonySettingsKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastros/empresa/telefonia (supervisors and managers): the recording retention and the after-call limit. */
export const getTelephonySettings = (config?: RequestConfig) => apiGet('/cadastros/empresa/telefonia', telephonySettingsResponse, config);

export const getTelephonySettingsQueryOptions = () =>
  queryOptions({
    queryKey: telephonySettingsKeys.detail('empresa'),
    queryFn: ({ signal }) => getTelephonySettings({ signal }),
  });

export const useTelephonySettings = () => useApiQuery(getTelephonySettingsQueryOptions());
