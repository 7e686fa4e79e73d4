import { pendingTicketsResponse } from '@consig/shared';
import { defineGet, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { ticketKeys } from './ticketKeys';

/** GET /crm/chamado/pendentes (supervisors and managers): the company's pending tickets, oldest first. */
export const getPendingTickets = defineGet({ path: '/crm/chamado/pendentes', response: pendingTicketsResponse });

export const getPendingTicketsQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.pending(), queryFn: () => getPendingTickets() });

export const usePendingTickets = () => useApiQuery(getPendingTicketsQueryOptions());
