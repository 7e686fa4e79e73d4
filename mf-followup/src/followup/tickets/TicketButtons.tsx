import { useState } from 'react';
import { OpenTicketDialog } from './OpenTicketDialog';
import { TicketStatusDialog } from './TicketStatusDialog';
import { ticketButtons, type TicketButton } from './ticketStatus';
import { useTicketAnsweredAlerts } from './useTicketAnsweredAlerts';
import './tickets.css';

type OpenDialog = 'open-ticket' | 'ticket-status' | null;

const dialogOf: Record<TicketButton, Exclude<OpenDialog, null>> = {
  'Abrir Chamado': 'open-ticket',
  'Status Resolvido': 'ticket-status',
  'Status Pendente': 'ticket-status',
};

/**
 * A proposal row's ticket buttons (product-spec §4 "Ticket status"), for the status of its latest ticket
 * (null: none yet): 'Abrir Chamado' opens the form, 'Status Pendente' / 'Status Resolvido' the popup.
 */
export function TicketButtons({ proposalId, ticketStatus }: { proposalId: number; ticketStatus: number | null }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  useTicketAnsweredAlerts();

  return (
    <div className="fu-ticket-buttons">
      {ticketButtons(ticketStatus).map((label) => (
        <button
          key={label}
          type="button"
          className="consig-button consig-button--ghost fu-ticket-button"
          onClick={() => setOpen(dialogOf[label])}
        >
          {label}
        </button>
      ))}
      {open === 'open-ticket' && <OpenTicketDialog proposalId={proposalId} onClose={close} />}
      {open === 'ticket-status' && <TicketStatusDialog proposalId={proposalId} onClose={close} />}
    </div>
  );
}
