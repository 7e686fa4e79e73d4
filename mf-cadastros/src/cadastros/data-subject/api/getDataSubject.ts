import { dataSubjectSummaryResponse } from '@consig/shared';
import { apiGet, createQueryKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** Reads of data subjects, by CPF (`detail(cpf)`); a write on one refreshes `all`. */
export const dataSubjectKeys = createQueryKeys('data-subjects');

/** GET /cadastros/titulares/{CO_CPF} (managers): the person masked, the counts per category, whether anonymisation is allowed now. */
export const getDataSubject = (cpf: string, config?: RequestConfig) =>
  apiGet(`/cadastros/titulares/${cpf}`, dataSubjectSummaryResponse, config);

export const getDataSubjectQueryOptions = (cpf: string) =>
  queryOptions({
    queryKey: dataSubjectKeys.detail(cpf),
    queryFn: ({ signal }) => getDataSubject(cpf, { signal }),
    // A CPF nobody holds is an answer, not a hiccup: asked again only with 'Consultar'.
    retry: false,
  });

/** Asks only once a CPF was given ('Consultar'). */
export const useDataSubject = (cpf: string | null) => useApiQuery({ ...getDataSubjectQueryOptions(cpf ?? ''), enabled: cpf !== null });
