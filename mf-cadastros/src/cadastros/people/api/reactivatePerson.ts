import { personResponse, TOAST_MS } from '@consig/shared';
import { apiSend, peopleKeys, useApiMutation } from '@consig/shared/query';

/** POST /cadastros/pessoas/{ID_Pessoa}/reativar: they sign in again (no old session comes back). */
export const reactivatePerson = (personId: number) =>
  apiSend({ method: 'post', path: `/cadastros/pessoas/${personId}/reativar`, response: personResponse });

export const useReactivatePerson = () =>
  useApiMutation({ mutationFn: reactivatePerson, invalidates: [peopleKeys.all], toastDuration: TOAST_MS.screens });
