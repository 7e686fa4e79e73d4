/** Ticket statuses (product-spec §4 "Ticket status"; docs/rules.md "Proposals and tickets"). */
export const TICKET_PENDING = 73;
export const TICKET_RESOLVED = 75;

/** The badge of a ticket: 'Pendente' for 73, 'Resolvido' for 75, none for any other value. */
export function ticketBadge(status: number | null): 'Pendente' | 'Resolvido' | null {
  if (status === TICKET_PENDING) return 'Pendente';
  if (status === TICKET_RESOLVED) return 'Resolvido';
  return null;
}

export type TicketButton = 'Abrir Chamado' | 'Status Resolvido' | 'Status Pendente';

/**
 * The row's ticket buttons for the status of its latest ticket (product-spec §4): none yet → 'Abrir Chamado';
 * resolved → 'Abrir Chamado' and 'Status Resolvido'; pending → only 'Status Pendente' (one open ticket at a time).
 * Any other status is treated like no ticket, so a proposal is never left without a way to open one.
 */
export function ticketButtons(status: number | null): TicketButton[] {
  if (status === TICKET_PENDING) return ['Status Pendente'];
  if (status === TICKET_RESOLVED) return ['Abrir Chamado', 'Status Resolvido'];
  return ['Abrir Chamado'];
}
