import { pendingTicketsResponse } from '@consig/shared';
import { apiGetAnswer, ticketKeys, useApiQuery, type RequestConfig } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /crm/chamado/pendentes (supervisors and managers): the whole answer, the company's PENDING_TICKETS_LIMIT
 * oldest pending tickets, oldest first (`data`), and how many are pending in all (NU_Total).
 */
export const getPendingTickets = (config?: RequestConfig) => apiGetAnswer('/crm/chamado/pendentes', pendingTicketsResponse, config);

export const getPendingTicketsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.pending(), queryFn: ({ signal }) => getPendingTickets({ signal }) });

export const usePendingTickets = () => useApiQuery(getPendingTicketsQueryOptions());
