import { type TicketCreateRequest } from '@consig/shared';
import { apiSend, proposalKeys, ticketKeys, useApiMutation } from '@consig/shared/query';

/** POST /crm/chamado (product-spec §7): opens a pending ticket (73) on the proposal, with an optional image. */
export const createTicket = (request: TicketCreateRequest) => apiSend({ method: 'post', path: '/crm/chamado', body: request });

/**
 * On success: the server's text as a toast, the proposal's tickets read again, and every proposal list (its
 * row buttons follow the latest ticket's status), whatever its filters.
 */
export const useCreateTicket = (onSuccess?: () => void) =>
  useApiMutation({
    mutationFn: createTicket,
    invalidates: (request) => [ticketKeys.ofProposal(request.ID_Proposta), ticketKeys.pending(), proposalKeys.list()],
    onSuccess,
  });
