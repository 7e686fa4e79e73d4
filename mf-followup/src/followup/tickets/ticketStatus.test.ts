import { formatTicketTime, ticketBadge, ticketButtons } from './ticketStatus';

describe('ticket rules (product-spec §4 "Ticket status")', () => {
  test.each([
    [null, ['Abrir Chamado']],
    [75, ['Abrir Chamado', 'Status Resolvido']],
    [73, ['Status Pendente']],
  ])('a row whose latest ticket is %p shows %p', (status, buttons) => {
    expect(ticketButtons(status)).toEqual(buttons);
  });

  test.each([
    [73, 'Pendente'],
    [75, 'Resolvido'],
    [74, null],
    [null, null],
  ])('status %p has the badge %p', (status, badge) => {
    expect(ticketBadge(status)).toBe(badge);
  });

  test('times read dd/mm/aaaa hh:mm in São Paulo, whatever the offset they come with', () => {
    expect(formatTicketTime('2026-03-16T02:30:00Z')).toBe('15/03/2026 23:30');
    expect(formatTicketTime('2026-03-15T09:05:00-03:00')).toBe('15/03/2026 09:05');
  });
});
