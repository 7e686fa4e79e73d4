import { TOAST_MS } from '@consig/shared';
import { apiSend, rateKeys, useApiMutation } from '@consig/shared/query';

/** DELETE /cadastros/taxas/{ID_Taxa}: only a rate not yet in force (the API refuses the others with 409). */
export const removeRate = (rateId: number) => apiSend({ method: 'delete', path: `/cadastros/taxas/${rateId}` });

export const useRemoveRate = () => useApiMutation({ mutationFn: removeRate, invalidates: [rateKeys.all], toastDuration: TOAST_MS.screens });
