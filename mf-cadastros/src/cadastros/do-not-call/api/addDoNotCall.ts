import { TOAST_MS, type DoNotDisturbRequest } from '@consig/shared';
import { apiSend, doNotCallKeys, useApiMutation } from '@consig/shared/query';

/** POST /cadastro/naoperturbe: one number onto the list ('O número já estava na lista.' when it was). */
export const addDoNotCall = (body: DoNotDisturbRequest) => apiSend({ method: 'post', path: '/cadastro/naoperturbe', body });

export const useAddDoNotCall = () =>
  useApiMutation({ mutationFn: addDoNotCall, invalidates: [doNotCallKeys.all], toastDuration: TOAST_MS.screens });
