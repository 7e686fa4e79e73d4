import { chamadosResponse } from '@consig/shared';
import { defineGet, useApiQuery } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { ticketKeys } from './ticketKeys';

/** GET /crm/chamado/{ID_Proposta}: the proposal's tickets, newest first. */
export const getTickets = defineGet({
  path: (proposalId: number) => `/crm/chamado/${proposalId}`,
  response: chamadosResponse,
});

export const getTicketsQueryOptions = (proposalId: number) =>
  queryOptions({ queryKey: ticketKeys.ofProposal(proposalId), queryFn: () => getTickets(proposalId) });

export const useTickets = (proposalId: number) => useApiQuery(getTicketsQueryOptions(proposalId));
