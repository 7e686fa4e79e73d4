import { type PendingTicketsResponse, type TicketAnswerRequest } from '@consig/shared';
import { apiSend, proposalKeys, ticketKeys, useApiMutation } from '@consig/shared/query';
import { useQueryClient } from '@tanstack/react-query';

export interface TicketAnswer extends TicketAnswerRequest {
  ChamadoID: number;
}

/** POST /crm/chamado/{ChamadoID}/resposta (supervisors and managers): answers the ticket, which resolves it (75). */
export const answerTicket = ({ ChamadoID, ...request }: TicketAnswer) =>
  apiSend({ method: 'post', path: `/crm/chamado/${ChamadoID}/resposta`, body: request });

/**
 * On success the ticket leaves the pending list at once, one fewer pending (the list is read again too, which
 * brings in the next oldest beyond PENDING_TICKETS_LIMIT), and every ticket read and proposal list is
 * refreshed: the proposal's row now shows 'Status Resolvido'.
 */
export function useAnswerTicket(onSuccess?: () => void) {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: answerTicket,
    invalidates: [ticketKeys.all, proposalKeys.list()],
    onSuccess: (_sent, { ChamadoID }) => {
      client.setQueryData<PendingTicketsResponse>(ticketKeys.pending(), (pending) => {
        if (!pending?.data.some((ticket) => ticket.ChamadoID === ChamadoID)) return pending;
        return {
          ...pending,
          data: pending.data.filter((ticket) => ticket.ChamadoID !== ChamadoID),
          NU_Total: Math.max(0, pending.NU_Total - 1),
        };
      });
      onSuccess?.();
    },
  });
}
