import { ALERT_ATTENDANT_STATUS, bus, session } from '@consig/shared';
import { fakeApi, renderScreen, routerLocation, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { toast, Toaster } from 'react-hot-toast';
import { brasiliaInstant } from './CallbackDialog';
import { WorkingDayBar } from './WorkingDayBar';

let server: ReturnType<typeof fakeApi>;
let attendantStatus = { ID_Status: 81, ID_MotivoPausa: null as number | null };
const sent: { method: string; path: string; body: unknown }[] = [];
let nextClients: (number | null)[] = [];

const statusBody = () => ({ success: true, text: '', ...attendantStatus, data: attendantStatus });

beforeEach(() => {
  attendantStatus = { ID_Status: 81, ID_MotivoPausa: null };
  sent.length = 0;
  nextClients = [];
  server = fakeApi((request) => {
    const path = request.url ?? '';
    const body = request.data ? JSON.parse(request.data as string) : undefined;
    if (request.method !== 'get') sent.push({ method: request.method!, path, body });
    if (path === '/atendente/status') return { body: statusBody() };
    if (path === '/atendente/tabular') {
      attendantStatus =
        body.ID_Status === 81 ? { ID_Status: 81, ID_MotivoPausa: null } : { ID_Status: 201, ID_MotivoPausa: body.ID_Status };
      return { body: { ...statusBody(), text: body.ID_Status === 81 ? 'Você está disponível.' : 'Pausa registrada: Almoço.' } };
    }
    if (path === '/crm/cliente/proximo') {
      const id = nextClients.shift();
      return id
        ? {
            body: { success: true, text: 'Cliente da campanha X.', data: { cliente: { ClienteID: id, ID_Campanha: 1, DE_Campanha: 'X' } } },
          }
        : { body: { success: false, text: 'Nenhum cliente disponível agora.', data: null } };
    }
    if (path === '/crm/tabulacao/cliente') {
      return {
        body: {
          success: true,
          text: 'Atendimento encerrado: Sem interesse.',
          data: { ID_Cliente: body.ID_Cliente, ID_Status: body.ID_Status, TS_Retorno: null },
        },
      };
    }
    return { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
  });
});

afterEach(() => {
  server.restore();
  session.signOut();
  act(() => bus.publish('session.logout@1', {}));
  jest.restoreAllMocks();
});

const menu = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

it("'Iniciar Campanha' asks the queue for the next client and opens it; a busy click is ignored", async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
  nextClients = [42];
  renderScreen(<WorkingDayBar clientId={null} />, '/atendimento');
  const start = screen.getByRole('button', { name: 'Iniciar Campanha' });
  fireEvent.click(start);
  fireEvent.click(start);
  await waitFor(() => expect(routerLocation.current).toBe('/atendimento?clientId=42'));
  expect(server.requests.filter((r) => r === 'GET /crm/cliente/proximo')).toHaveLength(1);
});

it('with no client left, shows the server text for 3000 ms', async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
  const error = jest.spyOn(toast, 'error');
  renderScreen(<WorkingDayBar clientId={null} />, '/atendimento');
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar Campanha' }));
  await waitFor(() => expect(error).toHaveBeenCalledWith('Nenhum cliente disponível agora.', { duration: 3000 }));
});

it('pauses with a reason, shows it from the server, hides the call outcomes and the start button, and "Livre" resumes', async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
  renderScreen(<WorkingDayBar clientId={7} />, '/atendimento?clientId=7');
  expect(await screen.findByText('Disponível')).toBeTruthy();
  expect(menu('Tabular ligação')).toBeTruthy();

  fireEvent.click(menu('Pausa'));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Almoço' }));
  expect(await screen.findByText('Em pausa: Almoço')).toBeTruthy();
  expect(sent).toEqual([{ method: 'put', path: '/atendente/tabular', body: { ID_Status: 202 } }]);
  expect(screen.queryByRole('button', { name: /^Tabular ligação/ })).toBeNull();

  fireEvent.click(menu('Pausa'));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Livre' }));
  expect(await screen.findByText('Disponível')).toBeTruthy();
  expect(menu('Tabular ligação')).toBeTruthy();
});

it('sends the outcome, sets 81, and opens the next client', async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
  nextClients = [8];
  const success = jest.spyOn(toast, 'success');
  renderScreen(<WorkingDayBar clientId={7} />, '/atendimento?clientId=7');
  fireEvent.click(await screen.findByRole('button', { name: /^Tabular ligação/ }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Sem interesse' }));
  await waitFor(() => expect(routerLocation.current).toBe('/atendimento?clientId=8'));
  expect(sent).toEqual([
    { method: 'put', path: '/crm/tabulacao/cliente', body: { ID_Status: 303, ID_Cliente: 7 } },
    { method: 'put', path: '/atendente/tabular', body: { ID_Status: 81 } },
  ]);
  expect(success).toHaveBeenCalledWith('Atendimento encerrado: Sem interesse.', { duration: 3000 });
});

it("'Retornar ligação' asks when, in Brasília time, and sends it with its offset", async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
  renderScreen(<WorkingDayBar clientId={7} />, '/atendimento?clientId=7');
  fireEvent.click(await screen.findByRole('button', { name: /^Tabular ligação/ }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Retornar ligação' }));
  fireEvent.change(screen.getByLabelText(/Data e hora do retorno/), { target: { value: '2026-11-23T14:30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Agendar retorno' }));
  await waitFor(() =>
    expect(sent[0]).toEqual({
      method: 'put',
      path: '/crm/tabulacao/cliente',
      body: { ID_Status: 305, ID_Cliente: 7, DT_Retorno: '2026-11-23T14:30:00-03:00' },
    }),
  );
  expect(brasiliaInstant('')).toBeNull();
});

it('with telephony on, offers the call outcomes only after a call has ended, and the pause menu only outside a call', async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 1 });
  renderScreen(<WorkingDayBar clientId={7} />, '/atendimento?clientId=7');
  expect(await screen.findByText('Disponível')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Tabular ligação/ })).toBeNull();
  act(() => bus.publish('telephony.call-state@1', { state: 'established', direction: 'outgoing', remote: '011987654321' }));
  expect(screen.queryByRole('button', { name: /^Pausa/ })).toBeNull();
  act(() => bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'outgoing', remote: '011987654321' }));
  expect(menu('Pausa')).toBeTruthy();
  expect(menu('Tabular ligação')).toBeTruthy();
});

it("with telephony on, the next client starts without the call outcomes, though the bus still holds the last call's end", async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 1 });
  // The screen's client changes (the next one of the queue) while the bar stays mounted.
  function Screen() {
    const [clientId, setClientId] = useState(7);
    return (
      <>
        <WorkingDayBar clientId={clientId} />
        <button type="button" onClick={() => setClientId(8)}>
          Próximo
        </button>
      </>
    );
  }
  renderScreen(<Screen />, '/atendimento?clientId=7');
  expect(await screen.findByText('Disponível')).toBeTruthy();
  act(() => bus.publish('telephony.call-state@1', { state: 'established', direction: 'outgoing', remote: '011987654321' }));
  act(() => bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'outgoing', remote: '011987654321' }));
  expect(menu('Tabular ligação')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
  expect(screen.queryByRole('button', { name: /^Tabular ligação/ })).toBeNull();
  act(() => bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'outgoing', remote: '011912345678' }));
  expect(menu('Tabular ligação')).toBeTruthy();
});

it('a screen opened after a call ended shows no call outcomes until a call with its client ends', async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 1 });
  act(() => bus.publish('telephony.call-state@1', { state: 'terminated', direction: 'outgoing', remote: '011987654321' }));
  renderScreen(<WorkingDayBar clientId={9} />, '/atendimento?clientId=9');
  expect(await screen.findByText('Disponível')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Tabular ligação/ })).toBeNull();
});

it("a paused attendant without a client reads why 'Iniciar Campanha' is gone", async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
  attendantStatus = { ID_Status: 201, ID_MotivoPausa: 202 };
  renderScreen(<WorkingDayBar clientId={null} />, '/atendimento');
  expect(await screen.findByText('Escolha "Livre" para voltar a receber clientes.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Iniciar Campanha' })).toBeNull();

  fireEvent.click(menu('Pausa'));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Livre' }));
  expect(await screen.findByRole('button', { name: 'Iniciar Campanha' })).toBeTruthy();
  expect(screen.queryByText('Escolha "Livre" para voltar a receber clientes.')).toBeNull();
});

describe('a status set by a supervisor (alert 1093)', () => {
  const pushStatus = (ID_Status: number, ID_MotivoPausa: number | null, DE_Observacao: string) =>
    act(() =>
      bus.publish('realtime.alert@1', { TP_Alerta: ALERT_ATTENDANT_STATUS, DE_Dados: { ID_Status, ID_MotivoPausa }, DE_Observacao }),
    );

  afterEach(() => act(() => toast.remove()));

  it('shows the pause in the Pause menu and takes the call outcomes away; the host already toasts its text', async () => {
    signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
    renderScreen(
      <>
        <WorkingDayBar clientId={7} />
        <Toaster />
      </>,
      '/atendimento?clientId=7',
    );
    expect(await screen.findByText('Disponível')).toBeTruthy();
    expect(menu('Tabular ligação')).toBeTruthy();

    pushStatus(201, 202, 'Seu supervisor registrou uma pausa: Almoço.');
    expect(await screen.findByText('Em pausa: Almoço')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Tabular ligação/ })).toBeNull();
    // The push is the answer: the status is not read again, and nothing is sent.
    expect(server.requests).toEqual(['GET /atendente/status']);
    // The host shows every alert's DE_Observacao as a warning; the screen adds no second toast of the same text.
    expect(screen.queryByText(/Seu supervisor/)).toBeNull();
  });

  it('a resume without a text of its own shows "Iniciar Campanha" again and says who resumed the attendant', async () => {
    signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
    attendantStatus = { ID_Status: 201, ID_MotivoPausa: 204 };
    renderScreen(
      <>
        <WorkingDayBar clientId={null} />
        <Toaster />
      </>,
      '/atendimento',
    );
    expect(await screen.findByText('Em pausa: Feedback')).toBeTruthy();

    pushStatus(81, null, '');
    expect(await screen.findByText('Disponível')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar Campanha' })).toBeTruthy();
    expect(await screen.findByText('Seu supervisor retomou seu atendimento.')).toBeTruthy();
  });

  it('a pause pushed while the status is still being read is not undone by the older answer', async () => {
    signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
    let answerRead: () => void = () => undefined;
    server.restore();
    server = fakeApi(
      () =>
        new Promise((resolve) => {
          answerRead = () => resolve({ body: statusBody() });
        }),
    );
    const { queryClient } = renderScreen(<WorkingDayBar clientId={null} />, '/atendimento');
    await waitFor(() => expect(server.requests).toEqual(['GET /atendente/status']));

    pushStatus(201, 203, '');
    expect(await screen.findByText('Em pausa: Banheiro')).toBeTruthy();
    await act(async () => answerRead()); // 'Disponível', read before the supervisor's pause
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByText('Em pausa: Banheiro')).toBeTruthy();
  });

  it('ignores an alert without a status, and alerts of other kinds', async () => {
    signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderScreen(<WorkingDayBar clientId={null} />, '/atendimento');
    expect(await screen.findByText('Disponível')).toBeTruthy();

    act(() => bus.publish('realtime.alert@1', { TP_Alerta: ALERT_ATTENDANT_STATUS, DE_Dados: { ID_Status: 'pausa' }, DE_Observacao: '' }));
    act(() => bus.publish('realtime.alert@1', { TP_Alerta: 1091, DE_Dados: { ID_Status: 201, ID_MotivoPausa: 202 }, DE_Observacao: '' }));
    expect(screen.getByText('Disponível')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar Campanha' })).toBeTruthy();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
