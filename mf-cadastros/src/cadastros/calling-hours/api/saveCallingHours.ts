import { callingHoursResponse, TOAST_MS, type CallingHoursFormInput } from '@consig/shared';
import { apiSend, useApiMutation } from '@consig/shared/query';
import { callingHoursKeys } from './getCallingHours';

/** PUT /cadastros/empresa/horarios: the whole form at once; answers the setting as the GET does. */
export const saveCallingHours = (body: CallingHoursFormInput) =>
  apiSend({ method: 'put', path: '/cadastros/empresa/horarios', body, response: callingHoursResponse });

export const useSaveCallingHours = () =>
  useApiMutation({ mutationFn: saveCallingHours, invalidates: [callingHoursKeys.all], toastDuration: TOAST_MS.screens });
