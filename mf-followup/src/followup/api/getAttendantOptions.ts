import { proposalAttendantsResponse } from '@consig/shared';
import { apiGet, proposalKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/proposta/atendente: the company's attendants (an attendant gets only themself), for 'Clientes por Atendente'. */
export const getAttendantOptions = (config?: RequestConfig) => apiGet('/crm/proposta/atendente', proposalAttendantsResponse, config);

export const getAttendantOptionsQueryOptions = () =>
  queryOptions({ queryKey: proposalKeys.filterOptions('attendants'), queryFn: ({ signal }) => getAttendantOptions({ signal }) });

export const useAttendantOptions = () => useApiQuery(getAttendantOptionsQueryOptions());
