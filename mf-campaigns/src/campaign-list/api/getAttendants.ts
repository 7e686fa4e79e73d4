import { atendentesResponse } from '@consig/shared';
import { apiGet, attendantKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /atendente: the company's attendants, parsed with the contract's schema. */
export const getAttendants = () => apiGet('/atendente', atendentesResponse);

export const getAttendantsQueryOptions = () => queryOptions({ queryKey: attendantKeys.list(), queryFn: getAttendants });

/** The attendants, cached: loaded on entry to the campaign list, they feed 'Definir atendentes'. */
export const useAttendants = () => useApiQuery(getAttendantsQueryOptions());
