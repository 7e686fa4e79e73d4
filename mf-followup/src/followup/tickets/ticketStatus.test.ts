import { ticketBadge, ticketButtons } from './ticketStatus';

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
});
