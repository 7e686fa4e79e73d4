import { TOAST_MS } from '@consig/shared';
import { apiSend, doNotCallKeys, useApiMutation } from '@consig/shared/query';

/** DELETE /cadastro/naoperturbe/{telefone}: the number may be called again. */
export const removeDoNotCall = (phone: string) => apiSend({ method: 'delete', path: `/cadastro/naoperturbe/${encodeURIComponent(phone)}` });

export const useRemoveDoNotCall = () =>
  useApiMutation({ mutationFn: removeDoNotCall, invalidates: [doNotCallKeys.all], toastDuration: TOAST_MS.screens });
