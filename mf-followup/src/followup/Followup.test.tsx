import { session, toCompactDate } from '@consig/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderScreen, routerLocation, signIn } from '@consig/shared/testing';
import { api } from '@consig/shared';
import Followup from './Followup';
import { toast } from 'react-hot-toast';
import { serveFollowup } from './testServer';

const todaysCounts = () => `/crm/proposta/status?DT_Inicio=${toCompactDate()}&DT_Fim=${toCompactDate()}`;
const statusButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const pressed = () => screen.queryAllByRole('button', { pressed: true }).map((button) => button.textContent);
const dateInput = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const fakeNow = (now: Date) =>
  jest.useFakeTimers({
    now,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
    ],
  });

beforeEach(() => signIn());
afterEach(() => {
  session.signOut();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('lists the statuses with their counts and the Total of the listed proposals', async () => {
  const get = serveFollowup({ total: 1234 });
  renderScreen(<Followup />, '/acompanhamentos');

  const list = within(screen.getByRole('region', { name: 'Clientes por status' }));
  expect(list.getByRole('status').textContent).toContain('Carregando');
  expect((await screen.findByRole('button', { name: 'Digitada 5' })).getAttribute('aria-pressed')).toBe('false');
  expect(statusButton('Paga').textContent).toBe('Paga12');
  expect(statusButton('Cancelada').textContent).toBe('Cancelada0');
  expect(get).toHaveBeenCalledWith(todaysCounts(), { signal: expect.any(AbortSignal) });
  expect(await screen.findByText('Total: 1234')).toBeTruthy();
});

it('selects a status on click, clears it when clicked again, and lists that status', async () => {
  fakeNow(new Date(2026, 2, 15, 10, 0));
  const get = serveFollowup();
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('button', { name: /^Digitada/ });
  expect(pressed()).toEqual([]);
  expect(get.listUrls()).toEqual(['/crm/proposta/0/0/0/0/0/20260315/20260315']);

  fireEvent.click(statusButton('Digitada'));
  expect(pressed()).toEqual(['Digitada5']);
  fireEvent.click(statusButton('Paga'));
  expect(pressed()).toEqual(['Paga12']);
  await waitFor(() => expect(get.listUrls()).toContain('/crm/proposta/60/0/0/0/0/20260315/20260315'));

  fireEvent.click(statusButton('Paga'));
  expect(pressed()).toEqual([]);
});

it('shows today in both dates as dd/mm/aaaa, in the attendant’s own calendar day', async () => {
  // 23:30 local: already tomorrow in UTC for a Brazilian attendant, so a UTC date would be wrong.
  fakeNow(new Date(2026, 2, 15, 23, 30));
  serveFollowup();
  renderScreen(<Followup />, '/acompanhamentos');

  expect([dateInput('Data inicial').type, dateInput('Data inicial').value]).toEqual(['text', '15/03/2026']);
  expect(dateInput('Data final').value).toBe('15/03/2026');
  await screen.findByRole('button', { name: /^Digitada/ });
});

it('masks a typed date and filters only once it is a whole, real day', async () => {
  fakeNow(new Date(2026, 2, 15, 10, 0));
  const get = serveFollowup();
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('button', { name: /^Digitada/ });
  expect(get.summaryUrls()).toEqual(['/crm/proposta/status?DT_Inicio=20260315&DT_Fim=20260315']);

  const start = dateInput('Data inicial');
  fireEvent.change(start, { target: { value: '0103' } });
  expect(start.value).toBe('01/03');
  expect(routerLocation.current).toBe('/acompanhamentos');

  fireEvent.change(start, { target: { value: '3104202' } });
  fireEvent.change(start, { target: { value: '31/04/2026' } });
  expect(start.value).toBe('31/04/2026');
  expect(start.getAttribute('aria-invalid')).toBe('true');
  expect(routerLocation.current).toBe('/acompanhamentos');

  fireEvent.change(start, { target: { value: '01032026' } });
  expect(start.value).toBe('01/03/2026');
  expect(routerLocation.current).toBe('/acompanhamentos?inicio=2026-03-01');
  await waitFor(() => expect(get.summaryUrls()).toContain('/crm/proposta/status?DT_Inicio=20260301&DT_Fim=20260315'));
  await waitFor(() => expect(get.listUrls()).toContain('/crm/proposta/0/0/0/0/0/20260301/20260315'));
});

it('an emptied date leaves that end open, and a half-typed one goes back on blur', async () => {
  fakeNow(new Date(2026, 2, 15, 10, 0));
  const get = serveFollowup();
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('button', { name: /^Digitada/ });

  fireEvent.change(dateInput('Data inicial'), { target: { value: '' } });
  expect(routerLocation.current).toBe('/acompanhamentos?inicio=');
  await waitFor(() => expect(get.summaryUrls()).toContain('/crm/proposta/status?DT_Fim=20260315'));
  await waitFor(() => expect(get.listUrls()).toContain('/crm/proposta/0/0/0/0/0/00000000/20260315'));

  const end = dateInput('Data final');
  fireEvent.change(end, { target: { value: '10/0' } });
  fireEvent.blur(end);
  expect(end.value).toBe('15/03/2026');
});

/** The error a screen reader reads with the field (its aria-describedby), or null. */
const fieldError = (input: HTMLInputElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

it('refuses an impossible date or an end before the start once, under the field, and keeps the last valid list', async () => {
  fakeNow(new Date(2026, 2, 15, 10, 0));
  const get = serveFollowup();
  const toasts = jest.spyOn(toast, 'error');
  renderScreen(<Followup />, '/acompanhamentos?inicio=2026-03-01&fim=2026-03-15');
  await screen.findByRole('row', { name: /Maria Souza/ });
  const reads = () => [...get.summaryUrls(), ...get.listUrls()];
  const before = reads();

  const end = dateInput('Data final');
  fireEvent.change(end, { target: { value: '31022026' } });
  expect(end.value).toBe('31/02/2026');
  expect(end.getAttribute('aria-invalid')).toBe('true');
  expect(fieldError(end)).toBe('Data inexistente.');
  expect(screen.getAllByText('Data inexistente.')).toHaveLength(1);

  fireEvent.change(end, { target: { value: '28022026' } });
  expect(fieldError(end)).toBe('A data final não pode ser anterior à inicial.');
  fireEvent.blur(end);
  // Still there after leaving the field, once; the filters in force, the list and the counts unchanged.
  expect(end.value).toBe('28/02/2026');
  expect(screen.getAllByText('A data final não pode ser anterior à inicial.')).toHaveLength(1);
  expect(routerLocation.current).toBe('/acompanhamentos?inicio=2026-03-01&fim=2026-03-15');
  expect(screen.getByRole('row', { name: /Maria Souza/ })).toBeTruthy();

  const start = dateInput('Data inicial');
  fireEvent.change(start, { target: { value: '16032026' } });
  expect(fieldError(start)).toBe('A data inicial não pode ser posterior à final.');
  fireEvent.change(start, { target: { value: '01032026' } });
  expect(fieldError(start)).toBeNull();

  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(reads()).toEqual(before);
  expect(toasts).not.toHaveBeenCalled();

  // Fixed, the end is applied.
  fireEvent.change(end, { target: { value: '10032026' } });
  expect(fieldError(end)).toBeNull();
  expect(routerLocation.current).toBe('/acompanhamentos?inicio=2026-03-01&fim=2026-03-10');
  await waitFor(() => expect(get.listUrls()).toContain('/crm/proposta/0/0/0/0/0/20260301/20260310'));
});

it('offers the bank, attendant and indicator dropdowns with Selecione as 0', async () => {
  fakeNow(new Date(2026, 2, 15, 10, 0));
  const get = serveFollowup();
  renderScreen(<Followup />, '/acompanhamentos');
  await screen.findByRole('option', { name: 'Itaú' });

  const bank = select('Clientes por Banco');
  expect([...bank.options].map((option) => [option.value, option.text])).toEqual([
    ['0', 'Selecione'],
    ['341', 'Itaú'],
    ['623', 'Banco Pan'],
  ]);
  expect(bank.value).toBe('0');
  await screen.findByRole('option', { name: 'Bruno Atendente' });
  await screen.findByRole('option', { name: 'Carlos Indicador' });

  fireEvent.change(bank, { target: { value: '623' } });
  fireEvent.change(select('Clientes por Atendente'), { target: { value: '8' } });
  fireEvent.change(select('Clientes por Indicador'), { target: { value: '3' } });
  expect(routerLocation.current).toBe('/acompanhamentos?banco=623&atendente=8&indicador=3');
  await waitFor(() => expect(get.listUrls()).toContain('/crm/proposta/0/623/8/3/0/20260315/20260315'));

  fireEvent.change(bank, { target: { value: '0' } });
  expect(routerLocation.current).toBe('/acompanhamentos?atendente=8&indicador=3');
});

it('a link with filters reopens them', async () => {
  const get = serveFollowup();
  renderScreen(<Followup />, '/acompanhamentos?status=90&banco=341&atendente=7&indicador=3&inicio=2026-01-01&fim=2026-01-31');

  expect(dateInput('Data inicial').value).toBe('01/01/2026');
  expect(dateInput('Data final').value).toBe('31/01/2026');
  await screen.findByRole('button', { name: /^Digitada/ });
  await screen.findByRole('option', { name: 'Itaú' });
  await screen.findByRole('option', { name: 'Ana Atendente' });
  await screen.findByRole('option', { name: 'Carlos Indicador' });
  expect(get).toHaveBeenCalledWith('/crm/proposta/status?DT_Inicio=20260101&DT_Fim=20260131', { signal: expect.any(AbortSignal) });
  expect(get.listUrls()).toEqual(['/crm/proposta/90/341/7/3/0/20260101/20260131']);
  expect(pressed()).toEqual(['Cancelada0']);
  expect([select('Clientes por Banco').value, select('Clientes por Atendente').value, select('Clientes por Indicador').value]).toEqual([
    '341',
    '7',
    '3',
  ]);
});

it('shows the proposals table header and its empty text', async () => {
  serveFollowup({ pages: [{ rows: [], next: null }], total: 0 });
  renderScreen(<Followup />, '/acompanhamentos');

  const table = screen.getByRole('table', { name: 'Atividades recentes' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Nome', 'ADE', 'CPF', 'Status da Proposta', 'Atendente', 'Indicador', 'Valor', 'Operação']);
  expect(await within(table).findByText('Nenhuma proposta para os filtros selecionados.')).toBeTruthy();
  expect(screen.getByText('Total: 0')).toBeTruthy();
});

it('collapses and expands the filter panel', async () => {
  serveFollowup();
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
