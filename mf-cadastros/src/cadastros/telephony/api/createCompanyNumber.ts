import { companyNumberRowResponse, TOAST_MS, type CompanyNumberForm } from '@consig/shared';
import { apiSend, companyNumberKeys, useApiMutation } from '@consig/shared/query';

/** POST /cadastros/numeros (managers): a new number; made main, it takes over from the current main one. */
export const createCompanyNumber = (body: CompanyNumberForm) =>
  apiSend({ method: 'post', path: '/cadastros/numeros', body, response: companyNumberRowResponse });

export const useCreateCompanyNumber = () =>
  useApiMutation({ mutationFn: createCompanyNumber, invalidates: [companyNumberKeys.all], toastDuration: TOAST_MS.screens });
