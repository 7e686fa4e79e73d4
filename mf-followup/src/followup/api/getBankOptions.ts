import { proposalBanksResponse } from '@consig/shared';
import { apiGet, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { followupKeys } from './keys';

/** GET /crm/proposta/banco: the banks of the company's proposals, for 'Clientes por Banco'. */
export const getBankOptions = () => apiGet('/crm/proposta/banco', proposalBanksResponse);

export const getBankOptionsQueryOptions = () => queryOptions({ queryKey: followupKeys.bankOptions, queryFn: getBankOptions });

export const useBankOptions = () => useApiQuery(getBankOptionsQueryOptions());
