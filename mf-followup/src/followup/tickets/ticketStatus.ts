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

const instantFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant (ISO 8601 with its offset) as 'dd/mm/aaaa hh:mm' in São Paulo, whatever the browser's zone. */
export function formatTicketTime(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const parts = instantFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}
