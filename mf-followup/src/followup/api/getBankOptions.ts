import { proposalBanksResponse } from '@consig/shared';
import { apiGet, proposalKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/proposta/banco: the banks of the company's proposals, for 'Clientes por Banco'. */
export const getBankOptions = (config?: RequestConfig) => apiGet('/crm/proposta/banco', proposalBanksResponse, config);

export const getBankOptionsQueryOptions = () =>
  queryOptions({ queryKey: proposalKeys.filterOptions('banks'), queryFn: ({ signal }) => getBankOptions({ signal }) });

export const useBankOptions = () => useApiQuery(getBankOptionsQueryOptions());
