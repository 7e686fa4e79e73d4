import { personCreatedResponse, TOAST_MS, type PersonForm } from '@consig/shared';
import { apiSend, peopleKeys, useApiMutation } from '@consig/shared/query';

/** POST /cadastros/pessoas: the new person, with the temporary password the API made (shown once), or null when it e-mailed them an invitation. */
export const createPerson = (body: PersonForm) =>
  apiSend({ method: 'post', path: '/cadastros/pessoas', body, response: personCreatedResponse });

export const useCreatePerson = () =>
  useApiMutation({ mutationFn: createPerson, invalidates: [peopleKeys.all], toastDuration: TOAST_MS.screens });
