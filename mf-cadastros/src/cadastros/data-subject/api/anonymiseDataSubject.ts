import { anonymisationResponse, TOAST_MS } from '@consig/shared';
import { apiSend, useApiMutation } from '@consig/shared/query';
import { dataSubjectKeys } from './getDataSubject';

/**
 * POST /cadastros/titulares/{CO_CPF}/anonimizacao with the CPF typed again: irreversible; refused (409) with the
 * reason while the law does not allow it yet.
 */
export const anonymiseDataSubject = ({ cpf, confirmation }: { cpf: string; confirmation: string }) =>
  apiSend({
    method: 'post',
    path: `/cadastros/titulares/${cpf}/anonimizacao`,
    body: { CO_CPFConfirmacao: confirmation },
    response: anonymisationResponse,
  });

export const useAnonymiseDataSubject = () =>
  useApiMutation({ mutationFn: anonymiseDataSubject, invalidates: [dataSubjectKeys.all], toastDuration: TOAST_MS.screens });
