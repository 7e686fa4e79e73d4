import { telephonySettingsResponse, TOAST_MS, type TelephonySettingsRequest } from '@consig/shared';
import { apiSend, floorKeys, telephonySettingsKeys, useApiMutation } from '@consig/shared/query';

/** PUT /cadastros/empresa/telefonia (managers): both settings together. */
export const saveTelephonySettings = (body: TelephonySettingsRequest) =>
  apiSend({ method: 'put', path: '/cadastros/empresa/telefonia', body, response: telephonySettingsResponse });

/** Saved, the live board is read again too: it flags after-call work by the limit. */
export const useSaveTelephonySettings = () =>
  useApiMutation({
    mutationFn: saveTelephonySettings,
    invalidates: [telephonySettingsKeys.all, floorKeys.board()],
    toastDuration: TOAST_MS.screens,
  });
