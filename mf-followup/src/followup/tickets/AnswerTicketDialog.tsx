import { Dialog, type PendingTicket } from '@consig/shared';
import { useAnswerTicket } from './api/answerTicket';
import { TicketMessageForm } from './TicketMessageForm';

/** 'Responder chamado': the answer (required) and an optional image; accepted, it resolves the ticket (75) and closes. */
export function AnswerTicketDialog({ ticket, onClose }: { ticket: PendingTicket; onClose: () => void }) {
  const answering = useAnswerTicket(onClose);
  const send = (text: string, image: string | null) =>
    answering.mutateAsync({ ChamadoID: ticket.ChamadoID, TX_Resposta: text, TX_Base: image }).then(
      () => true,
      () => false, // the mutation already showed the server's refusal
    );

  return (
    <Dialog title={`Responder chamado nº ${ticket.ChamadoID}`} onClose={onClose}>
      <p className="fu-answer__ticket">{ticket.TX_Chamado}</p>
      <TicketMessageForm label="Resposta" submitLabel="Responder" busyLabel="Enviando..." onSend={send} />
    </Dialog>
  );
}
