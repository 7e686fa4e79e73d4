import { temporaryPasswordResponse, TOAST_MS } from '@consig/shared';
import { apiSend, peopleKeys, useApiMutation } from '@consig/shared/query';

/**
 * POST /cadastros/pessoas/{ID_Pessoa}/senha-temporaria: a new temporary password (shown once), their sessions
 * ended; they choose their own at the next sign-in.
 */
export const resetTemporaryPassword = (personId: number) =>
  apiSend({ method: 'post', path: `/cadastros/pessoas/${personId}/senha-temporaria`, response: temporaryPasswordResponse });

export const useResetTemporaryPassword = () =>
  useApiMutation({ mutationFn: resetTemporaryPassword, invalidates: [peopleKeys.all], toastDuration: TOAST_MS.screens });
