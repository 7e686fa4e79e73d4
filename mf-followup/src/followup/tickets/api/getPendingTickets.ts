import { pendingTicketsResponse } from '@consig/shared';
import { apiGetAnswer, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { ticketKeys } from './ticketKeys';

/**
 * GET /crm/chamado/pendentes (supervisors and managers): the whole answer, the company's PENDING_TICKETS_LIMIT
 * oldest pending tickets, oldest first (`data`), and how many are pending in all (NU_Total).
 */
export const getPendingTickets = () => apiGetAnswer('/crm/chamado/pendentes', pendingTicketsResponse);

export const getPendingTicketsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.pending(), queryFn: getPendingTickets });

export const usePendingTickets = () => useApiQuery(getPendingTicketsQueryOptions());
