import { companyNumbersResponse } from '@consig/shared';
import { apiGet, companyNumberKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /cadastro/numeros: the company's numbers at the carrier, the main one first (supervisors and managers). */
export const getCompanyNumbers = (config?: RequestConfig) => apiGet('/cadastro/numeros', companyNumbersResponse, config);

export const getCompanyNumbersQueryOptions = () =>
  queryOptions({ queryKey: companyNumberKeys.list(), queryFn: ({ signal }) => getCompanyNumbers({ signal }) });

/** The numbers a campaign may call from; every row's 'Número de saída' select shares this one read. */
export const useCompanyNumbers = () => useApiQuery(getCompanyNumbersQueryOptions());
