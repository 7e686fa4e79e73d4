import { session, type PendingTicket } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { aPendingTicket, serveFollowup } from '../testServer';
import { PendingTicketsPanel } from './PendingTicketsPanel';

const ticket = (ChamadoID: number, over: Partial<PendingTicket> = {}): PendingTicket => ({
  ChamadoID,
  ID_Proposta: 7,
  ID_Status: 73,
  TX_Chamado: `Chamado ${ChamadoID}: revisar a taxa.`,
  TS_Chamado: '2026-03-15T12:30:00Z',
  TX_Resposta: null,
  TS_Resposta: null,
  SN_Anexo: false,
  SN_AnexoResposta: false,
  CO_ADE: `ADE-${ChamadoID}`,
  DE_Pessoa: 'Maria Souza',
  DE_Atendente: 'Ana Atendente',
  ...over,
});

let server: ReturnType<typeof fakeApi> | undefined;
beforeEach(() => signIn({ ID_Funcao: 12 }));
afterEach(() => {
  server?.restore();
  server = undefined;
  session.signOut();
  jest.restoreAllMocks();
});

/** The API: the pending list (minus what was answered) and the answer endpoint. */
function serve(answerStatus = 200) {
  const answered = new Set<number>();
  const bodies: unknown[] = [];
  server = fakeApi((request) => {
    const answer = request.url?.match(/^\/crm\/chamado\/(\d+)\/resposta$/);
    if (request.method === 'post' && answer) {
      bodies.push(JSON.parse(String(request.data)));
      if (answerStatus !== 200) return { status: answerStatus, body: { success: false, text: 'Este chamado já foi respondido.' } };
      answered.add(Number(answer[1]));
      return { body: { success: true, text: 'Chamado respondido.', data: { ChamadoID: Number(answer[1]) } } };
    }
    if (request.url === '/crm/chamado/pendentes') {
      const data = [ticket(41), ticket(42, { CO_ADE: 'ADE-42', DE_Pessoa: 'João Lima' })].filter((t) => !answered.has(t.ChamadoID));
      return { body: { success: true, text: '', data, NU_Total: data.length } };
    }
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
  return { requests: server.requests, bodies };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Chamados pendentes' }))
    .getAllByRole('row')
    .slice(1);

test("lists the company's pending tickets with ADE, client, attendant, text and time", async () => {
  serve();
  renderScreen(<PendingTicketsPanel />);
  expect(screen.getByRole('region', { name: 'Chamados pendentes' })).toBeTruthy();
  await screen.findByText('ADE-41');
  expect(
    rows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['ADE-41', 'Maria Souza', 'Ana Atendente', 'Chamado 41: revisar a taxa.', '15/03/2026 09:30', 'Responder'],
    ['ADE-42', 'João Lima', 'Ana Atendente', 'Chamado 42: revisar a taxa.', '15/03/2026 09:30', 'Responder'],
  ]);
});

test('the answer is required', async () => {
  const { bodies } = serve();
  renderScreen(<PendingTicketsPanel />);
  fireEvent.click(await screen.findByRole('button', { name: 'Responder chamado 41' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Responder chamado nº 41' }));
  expect(dialog.getByText('Chamado 41: revisar a taxa.')).toBeTruthy();
  fireEvent.click(dialog.getByRole('button', { name: 'Responder' }));
  expect(await dialog.findByText('Este campo é obrigatório.')).toBeTruthy();
  expect(bodies).toEqual([]);
});

test('an answered ticket leaves the list, with the server text as a toast', async () => {
  const success = jest.spyOn(toast, 'success');
  const { bodies } = serve();
  renderScreen(<PendingTicketsPanel />);
  fireEvent.click(await screen.findByRole('button', { name: 'Responder chamado 41' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Responder chamado nº 41' }));
  fireEvent.change(dialog.getByLabelText('Resposta'), { target: { value: 'Taxa revista.' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Responder' }));

  await waitFor(() => expect(screen.queryByText('ADE-41')).toBeNull());
  expect(success).toHaveBeenCalledWith('Chamado respondido.', undefined);
  expect(bodies).toEqual([{ TX_Resposta: 'Taxa revista.', TX_Base: null }]);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(rows()).toHaveLength(1);
  expect(screen.getByText('ADE-42')).toBeTruthy();
});

test('a refused answer keeps the ticket and the dialog', async () => {
  const error = jest.spyOn(toast, 'error');
  serve(409);
  renderScreen(<PendingTicketsPanel />);
  fireEvent.click(await screen.findByRole('button', { name: 'Responder chamado 42' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Responder chamado nº 42' }));
  fireEvent.change(dialog.getByLabelText('Resposta'), { target: { value: 'Ok.' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Responder' }));
  await waitFor(() => expect(error).toHaveBeenCalledWith('Este chamado já foi respondido.', undefined));
  expect(screen.getByRole('dialog', { name: 'Responder chamado nº 42' })).toBeTruthy();
  expect(rows()).toHaveLength(2);
});

test('says so when nothing is pending', async () => {
  server = fakeApi(() => ({ body: { success: true, text: '', data: [], NU_Total: 0 } }));
  renderScreen(<PendingTicketsPanel />);
  expect(await screen.findByText('Nenhum chamado pendente.')).toBeTruthy();
});

describe('more pending than listed (the API sends the oldest PENDING_TICKETS_LIMIT and NU_Total)', () => {
  const oldest = Array.from({ length: 100 }, (_, i) => aPendingTicket(i + 1));

  test('says how many of how many, in pt-BR numbers', async () => {
    serveFollowup({ pending: { rows: oldest, total: 1250 } });
    renderScreen(<PendingTicketsPanel />);
    expect(await screen.findByText('Mostrando os 100 chamados mais antigos de 1.250 pendentes.')).toBeTruthy();
    expect(rows()).toHaveLength(100);
    expect(within(rows()[0]).getAllByRole('cell')[0].textContent).toBe('ADE-1');
  });

  test('says nothing when every pending ticket is listed', async () => {
    serveFollowup({ pending: { rows: oldest, total: 100 } });
    renderScreen(<PendingTicketsPanel />);
    await screen.findByText('ADE-100');
    expect(rows()).toHaveLength(100);
    expect(screen.queryByText(/^Mostrando/)).toBeNull();
  });

  test('says nothing when nothing is pending', async () => {
    serveFollowup({ pending: { rows: [], total: 0 } });
    renderScreen(<PendingTicketsPanel />);
    expect(await screen.findByText('Nenhum chamado pendente.')).toBeTruthy();
    expect(screen.queryByText(/^Mostrando/)).toBeNull();
  });
});
