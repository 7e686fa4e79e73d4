/**
 * The answering side of tickets (product-spec §4 "Ticket status"; docs/rules.md "Proposals and tickets"): a supervisor or manager answers
 * a pending ticket, which resolves it (75), and its author hears of it in real time.
 */
import { ALERT_TICKET_ANSWERED, FOLLOWUP_TEXT, TICKET_STATUS, type RealtimeAlert } from '@consig/shared/contracts';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import type { Realtime } from '../realtime/realtime';
import type { Attachment } from './attachment';
import { createTicketsRepository } from './tickets.repository';

export interface TicketAnswer {
  ticketId: number;
  answererId: number;
  text: string;
  attachment: Attachment | null;
}

/**
 * Answers the ticket in one transaction: 404 when it is not the company's, 409 when already answered (the row
 * is locked, so of two answers at once the second gets 409). The alert goes to the author at commit only.
 */
export async function answerTicket(scope: CompanyScope, realtime: Pick<Realtime, 'push'>, answer: TicketAnswer): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const repository = createTicketsRepository({ db: tx, companyId: scope.companyId });
    const ticket = await repository.lockForAnswer(answer.ticketId);
    if (!ticket) throw new ApiError(404, FOLLOWUP_TEXT.ticketNotFound);
    if (ticket.status === TICKET_STATUS.RESOLVIDO) throw new ApiError(409, FOLLOWUP_TEXT.ticketAlreadyResolved);
    await repository.answer(answer.ticketId, answer);
    const alert: RealtimeAlert = {
      TP_Alerta: ALERT_TICKET_ANSWERED,
      DE_Dados: { ChamadoID: answer.ticketId, ID_Proposta: ticket.proposalId },
      DE_Observacao: `Seu chamado nº ${answer.ticketId} da proposta ADE ${ticket.ade} foi respondido.`,
    };
    await realtime.push(ticket.authorId, alert, tx);
  });
}
