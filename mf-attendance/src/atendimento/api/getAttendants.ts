import { atendentesResponse } from '@consig/shared';
import { apiGet, attendantKeys } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /atendente: the company's attendants, held in the attendance state (product-spec §3). Same contract
 * and query key as the campaign list's read, so both remotes share one cache entry.
 */
export const getAttendants = () => apiGet('/atendente', atendentesResponse);

export const getAttendantsQueryOptions = () => queryOptions({ queryKey: attendantKeys.list(), queryFn: getAttendants });
