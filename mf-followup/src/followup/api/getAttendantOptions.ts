import { proposalAttendantsResponse } from '@consig/shared';
import { apiGet, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { followupKeys } from './keys';

/** GET /crm/proposta/atendente: the company's attendants (an attendant gets only themself), for 'Clientes por Atendente'. */
export const getAttendantOptions = () => apiGet('/crm/proposta/atendente', proposalAttendantsResponse);

export const getAttendantOptionsQueryOptions = () => queryOptions({ queryKey: followupKeys.attendantOptions, queryFn: getAttendantOptions });

export const useAttendantOptions = () => useApiQuery(getAttendantOptionsQueryOptions());
