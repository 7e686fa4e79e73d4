import { ALERT_FLOOR_CHANGE, bus, session, type FloorAttendant } from '@consig/shared';
import { renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { aBoard, anAttendant, boardAnswer, floorRows, SERVER_NOW, secondsAgo, serveFloor, statusAnswer } from '../../testing/floorServer';
import Reports from '../Reports';
import { FLOOR_REFRESH_MS } from './api/getFloorBoard';

// This computer's clock is 10 minutes behind the server's: times in state must count on the server's clock.
const LOCAL_NOW = SERVER_NOW - 10 * 60_000;

beforeEach(() => {
  jest.useFakeTimers({ now: LOCAL_NOW });
  signIn({ ID_Funcao: 12 });
});
afterEach(() => {
  server?.restore();
  server = undefined;
  session.signOut();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

let server: ReturnType<typeof serveFloor> | undefined;
function serve(options: Parameters<typeof serveFloor>[0] = {}) {
  server = serveFloor(options);
  return server;
}

/** Lets the answers under way arrive and render, without moving the clock. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(0));
/** Moves the clock by `ms`, with whatever that sets off (ticks, refreshes, their answers). */
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

async function renderBoard() {
  const view = renderScreen(<Reports />, '/relatórios');
  await settle();
  return view;
}

const table = () => screen.getByRole('table', { name: 'Atendentes' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const rowOf = (name: string) => within(table()).getByRole('cell', { name }).closest('tr')!;
const cellOf = (name: string, column: number) => cellsOf(rowOf(name))[column];
const TIME = 2;
const STATE = 1;

/** The totals strip as [name, what it says], in order. */
const cards = () =>
  within(screen.getByRole('region', { name: 'Resumo' }))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

test("shows the floor's totals, the states as bars and one row per attendant, under the 'Ao vivo' tab", async () => {
  serve();
  await renderBoard();

  const tab = screen.getByRole('tab', { name: 'Ao vivo' });
  expect(tab.getAttribute('aria-selected')).toBe('true');
  expect(screen.getByRole('tabpanel', { name: 'Ao vivo' })).toBeTruthy();
  expect(cards()).toEqual([
    ['Logados', '4'],
    ['Disponíveis', '1'],
    ['Em ligação', '1'],
    ['Tocando', '0'],
    ['Pós-atendimento', '1'],
    ['Em pausa', '1Almoço: 1'],
    ['Ligações em curso', '1'],
    ['Retornos vencidos', '4'],
  ]);
  const chart = screen.getByRole('figure', { name: 'Atendentes por estado' });
  expect(
    within(chart)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Disponível1', 'Tocando0', 'Em ligação1', 'Pós-atendimento1', 'Em pausa1', 'Offline1']);

  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Atendente', 'Estado', 'Tempo no estado', 'Campanha', 'Cliente', 'Ligações', 'Tempo falado', 'Propostas', 'Valor', 'Ações']);
  expect(bodyRows().map(cellsOf)).toEqual([
    ['Ana Souza', 'Em ligação', '02:05', 'INSS Março', 'Maria Lima ***.444.777-**', '12', '1:02:05', '2', 'R$ 15.320,50', 'PausarOuvir'],
    ['Bruno Alves', 'Disponível', '00:05', 'FGTS Abril', '—', '0', '0:00:00', '0', 'R$ 0,00', 'Pausar'],
    ['Carla Dias', 'Em pausa: Almoço', '1:01:40', '—', '—', '0', '0:00:00', '0', 'R$ 0,00', 'Retomar'],
    ['Diego Reis', 'Pós-atendimento', '00:20', 'INSS Março', 'João Prado ***.555.888-**', '0', '0:00:00', '0', 'R$ 0,00', 'Pausar'],
    ['Elisa Melo', 'Offline', '10:00', '—', '—', '0', '0:00:00', '0', 'R$ 0,00', ''],
  ]);
  expect(screen.queryByText('acima do limite')).toBeNull();
});

test("'Tempo no estado' ticks every second on the server's clock", async () => {
  serve();
  await renderBoard();
  expect(cellOf('Ana Souza', TIME)).toBe('02:05');
  expect(cellOf('Carla Dias', TIME)).toBe('1:01:40');

  await wait(1000);
  expect(cellOf('Ana Souza', TIME)).toBe('02:06');
  await wait(3000);
  expect(cellOf('Ana Souza', TIME)).toBe('02:09');
  expect(cellOf('Carla Dias', TIME)).toBe('1:01:44');
});

test("after-call work over the company's limit is flagged in words, in its row and in the totals", async () => {
  serve({
    board: () =>
      boardAnswer(
        aBoard({
          NU_LimitePosAtendimento: 60,
          atendentes: [anAttendant(10, { DE_Pessoa: 'Diego Reis', CO_Estado: 'pos_atendimento', TS_Estado: secondsAgo(58) })],
        }),
      ),
  });
  await renderBoard();
  expect(cellOf('Diego Reis', TIME)).toBe('00:58');
  expect(cards()).toContainEqual(['Pós-atendimento', '1']);

  await wait(3000);
  expect(cellOf('Diego Reis', TIME)).toBe('01:01 acima do limite');
  expect(cards()).toContainEqual(['Pós-atendimento', '1 1 acima de 60 s']);
});

test('a realtime alert 1092 changes the row it carries, or adds it, without reading the board again', async () => {
  const { reads } = serve();
  await renderBoard();
  await wait(5000);
  // Pushed 5 s after the board was read: the server's clock says SERVER_NOW + 5 s.
  const pushedAt = secondsAgo(-5);
  const paused: FloorAttendant = {
    ...floorRows()[1],
    CO_Estado: 'pausa',
    ID_MotivoPausa: 203,
    DE_MotivoPausa: 'Banheiro',
    TS_Estado: pushedAt,
  };
  act(() => bus.publish('realtime.alert@1', { TP_Alerta: ALERT_FLOOR_CHANGE, DE_Dados: paused, DE_Observacao: '' }));
  await settle();
  expect(cellsOf(rowOf('Bruno Alves')).slice(0, 3)).toEqual(['Bruno Alves', 'Em pausa: Banheiro', '00:00']);
  expect(cards()).toContainEqual(['Em pausa', '2Almoço: 1Banheiro: 1']);
  expect(cards()).toContainEqual(['Disponíveis', '0']);

  const newcomer = anAttendant(12, { DE_Pessoa: 'Fábio Nunes', CO_Estado: 'tocando', TS_Estado: pushedAt });
  // DE_Dados may also come as the row's JSON text.
  act(() => bus.publish('realtime.alert@1', { TP_Alerta: ALERT_FLOOR_CHANGE, DE_Dados: JSON.stringify(newcomer), DE_Observacao: '' }));
  await settle();
  expect(cellOf('Fábio Nunes', STATE)).toBe('Tocando');
  expect(bodyRows()).toHaveLength(6);
  expect(cards()).toContainEqual(['Ligações em curso', '2']);

  // Other alerts leave the board alone; the pushed row keeps ticking on the server's clock.
  act(() => bus.publish('realtime.alert@1', { TP_Alerta: 1091, DE_Dados: { ...newcomer, CO_Estado: 'offline' }, DE_Observacao: '' }));
  await settle();
  await wait(2000);
  expect(cellsOf(rowOf('Fábio Nunes')).slice(1, 3)).toEqual(['Tocando', '00:02']);
  expect(cellOf('Ana Souza', TIME)).toBe('02:12');
  expect(reads()).toBe(1);
});

test('the board is read again every minute (callbacks fall due) and when the realtime socket asks for a resync', async () => {
  let overdue = 4;
  const { reads } = serve({ board: () => boardAnswer(aBoard({ NU_RetornosVencidos: overdue })) });
  const { queryClient } = await renderBoard();
  expect(cards()).toContainEqual(['Retornos vencidos', '4']);

  overdue = 6;
  await wait(FLOOR_REFRESH_MS);
  expect(reads()).toBe(2);
  expect(cards()).toContainEqual(['Retornos vencidos', '6']);

  // What the host does on a resync message (host/src/realtime/realtimeMessages.ts): every query is read again.
  overdue = 7;
  await act(() => queryClient.invalidateQueries());
  await settle();
  expect(reads()).toBe(3);
  expect(cards()).toContainEqual(['Retornos vencidos', '7']);
});

test("filters by 'Campanha' (the campaigns on the board) and by 'Estado'", async () => {
  serve();
  await renderBoard();
  const campaign = screen.getByLabelText('Campanha');
  const state = screen.getByLabelText('Estado');
  expect(
    within(campaign)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Todas', 'FGTS Abril', 'INSS Março']);
  expect(
    within(state)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Todos', 'Disponível', 'Tocando', 'Em ligação', 'Pós-atendimento', 'Em pausa', 'Offline']);
  const names = () => bodyRows().map((row) => cellsOf(row)[0]);

  fireEvent.change(campaign, { target: { value: '3' } });
  expect(names()).toEqual(['Ana Souza', 'Diego Reis']);
  fireEvent.change(state, { target: { value: 'pos_atendimento' } });
  expect(names()).toEqual(['Diego Reis']);
  fireEvent.change(state, { target: { value: 'pausa' } });
  expect(names()).toEqual(['Nenhum atendente para os filtros selecionados.']);
  fireEvent.change(campaign, { target: { value: '' } });
  expect(names()).toEqual(['Carla Dias']);
  // The totals stay the whole floor's.
  expect(cards()).toContainEqual(['Logados', '4']);
});

test("'Pausar' asks for the reason, then sends it and shows the server's text", async () => {
  const success = jest.spyOn(toast, 'success');
  const { puts, reads } = serve({ status: () => statusAnswer(201, 203, 'Atendente pausado.') });
  await renderBoard();
  expect(within(rowOf('Elisa Melo')).queryByRole('button')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Pausar Ana Souza' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Pausar Ana Souza' }));
  const reason = dialog.getByLabelText('Motivo da pausa');
  expect(
    within(reason)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Selecione', 'Almoço', 'Banheiro', 'Feedback', 'Problemas técnicos', 'Leads']);
  fireEvent.click(dialog.getByRole('button', { name: 'Pausar' }));
  await settle();
  expect(dialog.getByText('Informe o motivo da pausa.')).toBeTruthy();
  expect(puts).toEqual([]);

  fireEvent.change(reason, { target: { value: '203' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Pausar' }));
  await settle();
  await settle();

  expect(puts).toEqual([{ path: '/relatorios/ao-vivo/7/status', body: { ID_Status: 203 } }]);
  expect(success).toHaveBeenCalledWith('Atendente pausado.', { duration: 3000 });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(reads()).toBe(2);
});

test("a refused pause shows the server's text and keeps the dialog open", async () => {
  const error = jest.spyOn(toast, 'error');
  serve({ status: () => ({ status: 409, body: { success: false, text: 'Ana Souza já está em pausa.' } }) });
  await renderBoard();
  fireEvent.click(screen.getByRole('button', { name: 'Pausar Ana Souza' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Pausar Ana Souza' }));
  fireEvent.change(dialog.getByLabelText('Motivo da pausa'), { target: { value: '202' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Pausar' }));
  await settle();
  await settle();

  expect(error).toHaveBeenCalledWith('Ana Souza já está em pausa.', { duration: 3000 });
  expect(screen.getByRole('dialog', { name: 'Pausar Ana Souza' })).toBeTruthy();
});

test("'Retomar' makes a paused attendant available (81) and shows the server's text", async () => {
  const success = jest.spyOn(toast, 'success');
  const { puts } = serve({ status: () => statusAnswer(81, null, 'Atendente disponível.') });
  await renderBoard();
  expect(screen.queryByRole('button', { name: 'Pausar Carla Dias' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Retomar Carla Dias' }));
  await settle();
  await settle();

  expect(puts).toEqual([{ path: '/relatorios/ao-vivo/9/status', body: { ID_Status: 81 } }]);
  expect(success).toHaveBeenCalledWith('Atendente disponível.', { duration: 3000 });
});

test("a manager sets the company's after-call limit (10 to 3600 s); the board is read again with it", async () => {
  signIn({ ID_Funcao: 13 });
  const success = jest.spyOn(toast, 'success');
  let limit = 60;
  const { puts, reads } = serve({
    board: () => boardAnswer(aBoard({ NU_LimitePosAtendimento: limit })),
    limit: () => ((limit = 90), { body: { success: true, text: 'Limite de pós-atendimento: 90 s.' } }),
  });
  await renderBoard();
  const form = within(screen.getByRole('form', { name: 'Limite de pós-atendimento' }));
  const field = form.getByLabelText('Limite de pós-atendimento (segundos)') as HTMLInputElement;
  expect(field.value).toBe('60');

  for (const typed of ['5', '3601', '1,5', '']) {
    fireEvent.change(field, { target: { value: typed } });
    fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
    await settle();
    expect(form.getByText('Informe o limite de pós-atendimento em segundos, de 10 a 3600.')).toBeTruthy();
  }
  expect(puts).toEqual([]);

  fireEvent.change(field, { target: { value: '90' } });
  fireEvent.click(form.getByRole('button', { name: 'Salvar' }));
  await settle();
  await settle();
  expect(puts).toEqual([{ path: '/relatorios/ao-vivo/limite', body: { NU_LimitePosAtendimento: 90 } }]);
  expect(success).toHaveBeenCalledWith('Limite de pós-atendimento: 90 s.', { duration: 3000 });
  expect(reads()).toBe(2);
  expect((screen.getByLabelText('Limite de pós-atendimento (segundos)') as HTMLInputElement).value).toBe('90');
});

test('a supervisor sees no after-call limit to change (managers set it)', async () => {
  serve();
  await renderBoard();
  expect(screen.queryByRole('form', { name: 'Limite de pós-atendimento' })).toBeNull();
});

test("someone the API refuses (an attendant, 403) reads the API's text", async () => {
  const error = jest.spyOn(toast, 'error');
  serve({ board: () => ({ status: 403, body: { success: false, text: 'Acesso restrito a supervisores e gerentes.' } }) });
  await renderBoard();
  await settle();
  expect(screen.getByRole('alert').textContent).toContain('Acesso restrito a supervisores e gerentes.');
  expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  expect(error).toHaveBeenCalledWith('Acesso restrito a supervisores e gerentes.', expect.anything());
  expect(screen.queryByRole('table')).toBeNull();
});

test('says so when the company has no attendants', async () => {
  serve({ board: () => boardAnswer(aBoard({ atendentes: [], NU_RetornosVencidos: 0 })) });
  await renderBoard();
  expect(screen.getByText('Nenhum atendente cadastrado.')).toBeTruthy();
  expect(screen.queryByRole('table')).toBeNull();
});

test('shows the loading indicator until the board arrives', async () => {
  let arrive: (answer: { body: unknown }) => void = () => undefined;
  serve({ board: () => new Promise((resolve) => (arrive = resolve)) });
  await renderBoard();
  expect(screen.getByRole('status').textContent).toBe('Carregando...');
  await act(async () => arrive({ body: { success: true, text: '', data: aBoard() } }));
  await settle();
  expect(screen.queryByText('Carregando...')).toBeNull();
  expect(bodyRows()).toHaveLength(5);
});
