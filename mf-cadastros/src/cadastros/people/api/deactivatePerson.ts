import { personResponse, TOAST_MS } from '@consig/shared';
import { apiSend, peopleKeys, useApiMutation } from '@consig/shared/query';

/**
 * POST /cadastros/pessoas/{ID_Pessoa}/desativar: the person can no longer sign in, their sessions and open pages end
 * within seconds, and the clients they held go back to the queue.
 */
export const deactivatePerson = (personId: number) =>
  apiSend({ method: 'post', path: `/cadastros/pessoas/${personId}/desativar`, response: personResponse });

export const useDeactivatePerson = () =>
  useApiMutation({ mutationFn: deactivatePerson, invalidates: [peopleKeys.all], toastDuration: TOAST_MS.screens });
