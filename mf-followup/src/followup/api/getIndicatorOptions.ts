import { proposalIndicatorsResponse } from '@consig/shared';
import { apiGet, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { followupKeys } from './keys';

/** GET /crm/proposta/indicador: the referrers of the company's proposals, for 'Clientes por Indicador'. */
export const getIndicatorOptions = () => apiGet('/crm/proposta/indicador', proposalIndicatorsResponse);

export const getIndicatorOptionsQueryOptions = () => queryOptions({ queryKey: followupKeys.indicatorOptions, queryFn: getIndicatorOptions });

export const useIndicatorOptions = () => useApiQuery(getIndicatorOptionsQueryOptions());
