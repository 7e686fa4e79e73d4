import { companyNumberRowsResponse } from '@consig/shared';
import { apiGet, companyNumberKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /cadastros/numeros (supervisors and managers): the company's numbers at the carrier, the main one first, each
 * with the campaigns that call from it.
 */
export const getCompanyNumbers = (config?: RequestConfig) => apiGet('/cadastros/numeros', companyNumberRowsResponse, config);

export const getCompanyNumbersQueryOptions = () =>
  queryOptions({
    // Under the same family as GET /cadastro/numeros: a write here refreshes the campaigns' choice of number too.
    queryKey: companyNumberKeys.list({ campanhas: 1 }),
    queryFn: ({ signal }) => getCompanyNumbers({ signal }),
  });

export const useCompanyNumbers = () => useApiQuery(getCompanyNumbersQueryOptions());
