import { personResponse, TOAST_MS, type PersonForm } from '@consig/shared';
import { apiSend, peopleKeys, useApiMutation } from '@consig/shared/query';

/** PUT /cadastros/pessoas/{ID_Pessoa}: the whole form; answers the person as they are now. */
export const updatePerson = ({ personId, ...body }: PersonForm & { personId: number }) =>
  apiSend({ method: 'put', path: `/cadastros/pessoas/${personId}`, body, response: personResponse });

export const useUpdatePerson = () =>
  useApiMutation({ mutationFn: updatePerson, invalidates: [peopleKeys.all], toastDuration: TOAST_MS.screens });
