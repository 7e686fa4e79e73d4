import { proposalIndicatorsResponse } from '@consig/shared';
import { apiGet, proposalKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/proposta/indicador: the referrers of the company's proposals, for 'Clientes por Indicador'. */
export const getIndicatorOptions = (config?: RequestConfig) => apiGet('/crm/proposta/indicador', proposalIndicatorsResponse, config);

export const getIndicatorOptionsQueryOptions = () =>
  queryOptions({ queryKey: proposalKeys.filterOptions('indicators'), queryFn: ({ signal }) => getIndicatorOptions({ signal }) });

export const useIndicatorOptions = () => useApiQuery(getIndicatorOptionsQueryOptions());
