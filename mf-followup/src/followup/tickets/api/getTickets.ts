import { ticketsResponse } from '@consig/shared';
import { defineGet, ticketKeys, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /crm/chamado/{ID_Proposta}: the proposal's tickets, newest first. */
export const getTickets = defineGet({
  path: (proposalId: number) => `/crm/chamado/${proposalId}`,
  response: ticketsResponse,
});

export const getTicketsQueryOptions = (proposalId: number) =>
  queryOptions({ queryKey: ticketKeys.ofProposal(proposalId), queryFn: ({ signal }) => getTickets(proposalId, { signal }) });

export const useTickets = (proposalId: number) => useApiQuery(getTicketsQueryOptions(proposalId));
