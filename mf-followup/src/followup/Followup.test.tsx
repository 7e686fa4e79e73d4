import { api, session, type StatusSummaryItem } from '@consig/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { signIn } from '@consig/shared/testing';
import { ok, renderScreen } from '@consig/shared/testing';
import Followup from './Followup';

const statuses: StatusSummaryItem[] = [
  { ID_Status: 26, DE_Status: 'Digitada', NU_Quantidade: 5 },
  { ID_Status: 35, DE_Status: 'Paga', NU_Quantidade: 12 },
  { ID_Status: 72, DE_Status: 'Cancelada', NU_Quantidade: 0 },
];

const statusButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const pressed = () => screen.queryAllByRole('button', { pressed: true }).map((button) => button.textContent);

beforeEach(() => signIn());
afterEach(() => {
  session.signOut();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('lists the statuses with their counts and a Total', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos');

  const list = within(screen.getByRole('region', { name: 'Clientes por status' }));
  expect(list.getByRole('status').textContent).toContain('Carregando');
  expect((await screen.findByRole('button', { name: 'Digitada 5' })).getAttribute('aria-pressed')).toBe('false');
  expect(statusButton('Paga').textContent).toBe('Paga12');
  expect(statusButton('Cancelada').textContent).toBe('Cancelada0');
  expect(get).toHaveBeenCalledWith('/crm/proposta/status');
  expect(screen.getByText('Total: 17')).toBeTruthy();
});

it('selects a status on click and clears the selection when it is clicked again', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('button', { name: /^Digitada/ });
  expect(pressed()).toEqual([]);

  fireEvent.click(statusButton('Digitada'));
  expect(pressed()).toEqual(['Digitada5']);

  fireEvent.click(statusButton('Paga'));
  expect(pressed()).toEqual(['Paga12']);

  fireEvent.click(statusButton('Paga'));
  expect(pressed()).toEqual([]);
});

it('starts both dates on today, in the attendant’s own calendar day', async () => {
  // 23:30 local: already tomorrow in UTC for a Brazilian attendant, so a UTC date would be wrong.
  jest.useFakeTimers({ now: new Date(2026, 2, 15, 23, 30), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick'] });
  jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos');

  const start = screen.getByLabelText('Data inicial') as HTMLInputElement;
  const end = screen.getByLabelText('Data final') as HTMLInputElement;
  expect([start.type, start.value]).toEqual(['date', '2026-03-15']);
  expect([end.type, end.value]).toEqual(['date', '2026-03-15']);

  fireEvent.change(start, { target: { value: '2026-03-01' } });
  expect(start.value).toBe('2026-03-01');
  await screen.findByRole('button', { name: /^Digitada/ });
});

it('shows the proposals table header and its empty text', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos');

  const table = screen.getByRole('table', { name: 'Atividades recentes' });
  expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
    'Nome', 'ADE', 'CPF', 'Status da Proposta', 'Atendente', 'Indicador', 'Valor', 'Operação',
  ]);
  expect(within(table).getByText('Nenhuma proposta para os filtros selecionados.')).toBeTruthy();
  await screen.findByRole('button', { name: /^Digitada/ });
});

it('collapses and expands the filter panel', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('button', { name: /^Digitada/ });

  fireEvent.click(screen.getByRole('button', { name: 'Recolher filtros' }));
  expect(screen.queryByRole('button', { name: /^Digitada/ })).toBeNull();
  const expand = screen.getByRole('button', { name: 'Expandir filtros' });
  expect(expand.getAttribute('aria-expanded')).toBe('false');

  fireEvent.click(expand);
  expect(statusButton('Digitada')).toBeTruthy();
});

it('renders nothing and calls nothing without a token', () => {
  session.signOut();
  const get = jest.spyOn(api, 'get');
  const { container } = renderScreen(<Followup />, '/acompanhamentos');
  expect(container.innerHTML).toBe('');
  expect(get).not.toHaveBeenCalled();
});
