import { api, session, toCompactDate, type StatusSummaryItem } from '@consig/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, renderScreen, routerLocation, signIn } from '@consig/shared/testing';
import Followup from './Followup';

// Proposal status codes (10 Aguardando digitação … 91 Reprovada), not the campaign ones.
const statuses: StatusSummaryItem[] = [
  { ID_Status: 20, DE_Status: 'Digitada', NU_Quantidade: 5 },
  { ID_Status: 60, DE_Status: 'Paga', NU_Quantidade: 12 },
  { ID_Status: 90, DE_Status: 'Cancelada', NU_Quantidade: 0 },
];
const todaysCounts = () => `/crm/proposta/status?DT_Inicio=${toCompactDate()}&DT_Fim=${toCompactDate()}`;

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
  expect(get).toHaveBeenCalledWith(todaysCounts());
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

it('sends the chosen period, as compact dates, and asks again when a date changes', async () => {
  jest.useFakeTimers({ now: new Date(2026, 2, 15, 10, 0), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick'] });
  const get = jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('button', { name: /^Digitada/ });
  expect(get.mock.calls.map(([url]) => url)).toEqual(['/crm/proposta/status?DT_Inicio=20260315&DT_Fim=20260315']);

  fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '2026-03-01' } });
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('/crm/proposta/status?DT_Inicio=20260301&DT_Fim=20260315'));
  fireEvent.change(screen.getByLabelText('Data final'), { target: { value: '' } });
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('/crm/proposta/status?DT_Inicio=20260301'));
  await screen.findByRole('button', { name: /^Digitada/ });
});

it('keeps the selected status and the period in the address', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('button', { name: /^Digitada/ });

  fireEvent.click(statusButton('Paga'));
  expect(routerLocation.current).toBe('/acompanhamentos?status=60');
  fireEvent.change(screen.getByLabelText('Data inicial'), { target: { value: '2026-02-01' } });
  expect(routerLocation.current).toBe('/acompanhamentos?status=60&inicio=2026-02-01');
  fireEvent.click(await screen.findByRole('button', { name: /^Paga/ }));
  expect(routerLocation.current).toBe('/acompanhamentos?inicio=2026-02-01');
});

it('a link with filters reopens them', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(ok(statuses));
  renderScreen(<Followup />, '/acompanhamentos?status=90&inicio=2026-01-01&fim=2026-01-31');

  expect((screen.getByLabelText('Data inicial') as HTMLInputElement).value).toBe('2026-01-01');
  expect((screen.getByLabelText('Data final') as HTMLInputElement).value).toBe('2026-01-31');
  await screen.findByRole('button', { name: /^Digitada/ });
  expect(get).toHaveBeenCalledWith('/crm/proposta/status?DT_Inicio=20260101&DT_Fim=20260131');
  expect(pressed()).toEqual(['Cancelada0']);
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
