import { TOAST_MS } from '@consig/shared';
import { apiSend, companyNumberKeys, useApiMutation } from '@consig/shared/query';

/**
 * DELETE /cadastros/numeros/{ID_Numero} (managers): calls to it stop reaching the company. Refused (409) for the main
 * number and for a number campaigns call from, the answer naming them.
 */
export const removeCompanyNumber = (numberId: number) => apiSend({ method: 'delete', path: `/cadastros/numeros/${numberId}` });

export const useRemoveCompanyNumber = () =>
  useApiMutation({ mutationFn: removeCompanyNumber, invalidates: [companyNumberKeys.all], toastDuration: TOAST_MS.screens });
