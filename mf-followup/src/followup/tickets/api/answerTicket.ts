import { type PendingTicket, type TicketAnswerRequest } from '@consig/shared';
import { apiSend, useApiMutation } from '@consig/shared/query';
import { followupKeys } from '../../api/keys';
import { useQueryClient } from '@tanstack/react-query';
import { ticketKeys } from './ticketKeys';

export interface TicketAnswer extends TicketAnswerRequest {
  ChamadoID: number;
}

/** POST /crm/chamado/{ChamadoID}/resposta (supervisors and managers): answers the ticket, which resolves it (75). */
export const answerTicket = ({ ChamadoID, ...request }: TicketAnswer) =>
  apiSend({ method: 'post', path: `/crm/chamado/${ChamadoID}/resposta`, body: request });

/**
 * On success the ticket leaves the pending list at once (it is read again too), and every ticket read and
 * proposal list is refreshed: the proposal's row now shows 'Status Resolvido'.
 */
export function useAnswerTicket(onSuccess?: () => void) {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: answerTicket,
    invalidates: [ticketKeys.all, followupKeys.lists],
    onSuccess: (_sent, { ChamadoID }) => {
      client.setQueryData<PendingTicket[]>(ticketKeys.pending(), (pending) => pending?.filter((ticket) => ticket.ChamadoID !== ChamadoID));
      onSuccess?.();
    },
  });
}
