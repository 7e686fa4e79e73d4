import { dataSubjectDoNotCallResponse, TOAST_MS } from '@consig/shared';
import { apiSend, doNotCallKeys, useApiMutation } from '@consig/shared/query';
import { dataSubjectKeys } from './getDataSubject';

/** POST /cadastros/titulares/{CO_CPF}/nao-perturbe: every phone of the person onto the company's 'Não Me Perturbe' list. */
export const dataSubjectDoNotCall = (cpf: string) =>
  apiSend({ method: 'post', path: `/cadastros/titulares/${cpf}/nao-perturbe`, response: dataSubjectDoNotCallResponse });

export const useDataSubjectDoNotCall = () =>
  useApiMutation({
    mutationFn: dataSubjectDoNotCall,
    invalidates: [dataSubjectKeys.all, doNotCallKeys.all],
    toastDuration: TOAST_MS.screens,
  });
