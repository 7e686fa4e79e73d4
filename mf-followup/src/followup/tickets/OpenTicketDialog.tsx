import { Dialog } from '@consig/shared';
import { useCreateTicket } from './api/createTicket';
import { TicketMessageForm } from './TicketMessageForm';

/**
 * 'Abrir chamado' (product-spec §2 "Popups per row", §5 "Ticket form"). On success the toast shows the
 * server's text, the proposal's tickets and the lists are read again (product-spec §7 POST /crm/chamado), and the
 * dialog closes, its form and attachment with it; a refusal keeps it open with what was typed.
 */
export function OpenTicketDialog({ proposalId, onClose }: { proposalId: number; onClose: () => void }) {
  const creating = useCreateTicket();
  const send = (text: string, image: string | null) =>
    creating.mutateAsync({ ID_Proposta: proposalId, TX_Chamado: text, TX_Base: image }).then(
      () => {
        onClose();
        return true;
      },
      () => false, // the mutation already showed the server's refusal
    );

  return (
    <Dialog title="Abrir chamado" onClose={onClose}>
      <TicketMessageForm label="Descrição do chamado" submitLabel="Abrir chamado" busyLabel="Enviando..." onSend={send} />
    </Dialog>
  );
}
