import { companyNumberRowResponse, TOAST_MS, type CompanyNumberForm } from '@consig/shared';
import { apiSend, companyNumberKeys, useApiMutation } from '@consig/shared/query';

/** PUT /cadastros/numeros/{ID_Numero} (managers): the whole form; answers the number as it is now. */
export const updateCompanyNumber = ({ numberId, ...body }: CompanyNumberForm & { numberId: number }) =>
  apiSend({ method: 'put', path: `/cadastros/numeros/${numberId}`, body, response: companyNumberRowResponse });

export const useUpdateCompanyNumber = () =>
  useApiMutation({ mutationFn: updateCompanyNumber, invalidates: [companyNumberKeys.all], toastDuration: TOAST_MS.screens });
