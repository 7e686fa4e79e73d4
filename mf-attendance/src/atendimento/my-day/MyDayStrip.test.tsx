import { bus, session, type MyDay } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { envelope } from '../testData';
import { WorkingDayBar } from '../working-day/WorkingDayBar';
import { MY_DAY_REFRESH_MS } from './api/getMyDay';
import { MyDayStrip } from './MyDayStrip';

const noDay: MyDay = { NU_Ligacoes: 0, NU_SegundosFalados: 0, NU_SegundosPausa: 0, NU_Propostas: 0, VL_Propostas: '0.00' };
const busyDay: MyDay = { NU_Ligacoes: 37, NU_SegundosFalados: 3725, NU_SegundosPausa: 900, NU_Propostas: 3, VL_Propostas: '12345.60' };

let server: ReturnType<typeof fakeApi>;
/** What GET /atendente/meu-dia answers now: a day, or a failure. */
let myDay: MyDay | { status: number; text: string } = noDay;

beforeEach(() => {
  myDay = noDay;
  server = fakeApi((request) => {
    const path = request.url ?? '';
    if (path === '/atendente/meu-dia') {
      return 'status' in myDay ? { status: myDay.status, body: { success: false, text: myDay.text } } : envelope(myDay);
    }
    if (path === '/atendente/status') {
      const status = { ID_Status: 81, ID_MotivoPausa: null };
      return { body: { success: true, text: '', ...status, data: status } };
    }
    if (path === '/atendente/tabular') {
      const status = { ID_Status: 81, ID_MotivoPausa: null };
      return { body: { success: true, text: 'Você está disponível.', ...status, data: status } };
    }
    if (path === '/crm/tabulacao/cliente') {
      return envelope({ ID_Cliente: 7, ID_Status: 303, TS_Retorno: null }, 'Atendimento encerrado: Sem interesse.');
    }
    return { status: 404, body: { success: false, text: 'Nenhum cliente disponível agora.' } };
  });
});

afterEach(() => {
  server.restore();
  session.signOut();
  act(() => bus.publish('session.logout@1', {}));
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const strip = () => within(screen.getByRole('region', { name: 'Meu dia' }));
/** Each figure of the strip as 'label: value', in the order the attendant reads them. */
const figures = () =>
  strip()
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

it('shows the calls, the time talked and paused as h:mm:ss, and the proposals with their value in reais', async () => {
  myDay = busyDay;
  renderScreen(<MyDayStrip />);
  await waitFor(() => expect(strip().queryByText('Ligações')).not.toBeNull());
  expect(figures()).toEqual(['Ligações: 37', 'Tempo falado: 1:02:05', 'Pausas: 0:15:00', 'Propostas: 3 (R$ 12.345,60)']);
  expect(server.requests).toEqual(['GET /atendente/meu-dia']);
});

it('a day without calls shows zeros, not blanks', async () => {
  renderScreen(<MyDayStrip />);
  await waitFor(() => expect(strip().queryByText('Ligações')).not.toBeNull());
  expect(figures()).toEqual(['Ligações: 0', 'Tempo falado: 0:00:00', 'Pausas: 0:00:00', 'Propostas: 0 (R$ 0,00)']);
});

it('says so in a short text when the day cannot be read, without an error toast', async () => {
  myDay = { status: 403, text: 'Acesso negado.' };
  const error = jest.spyOn(toast, 'error');
  renderScreen(<MyDayStrip />);
  expect(await strip().findByText('Não foi possível carregar seu dia.')).toBeTruthy();
  expect(strip().queryByRole('term')).toBeNull();
  expect(error).not.toHaveBeenCalled();
});

it('reads the day again every minute', async () => {
  jest.useFakeTimers();
  renderScreen(<MyDayStrip />);
  await waitFor(() => expect(figures()[0]).toBe('Ligações: 0'));
  myDay = busyDay;
  await act(async () => void jest.advanceTimersByTime(MY_DAY_REFRESH_MS - 1_000));
  expect(figures()[0]).toBe('Ligações: 0');
  await act(async () => void jest.advanceTimersByTime(1_000));
  await waitFor(() => expect(figures()[0]).toBe('Ligações: 37'));
  expect(server.requests).toEqual(['GET /atendente/meu-dia', 'GET /atendente/meu-dia']);
});

it('a failed reading keeps the figures already shown', async () => {
  jest.useFakeTimers();
  myDay = busyDay;
  renderScreen(<MyDayStrip />);
  await waitFor(() => expect(figures()[0]).toBe('Ligações: 37'));
  myDay = { status: 403, text: 'Acesso negado.' };
  await act(async () => void jest.advanceTimersByTime(MY_DAY_REFRESH_MS));
  await waitFor(() => expect(server.requests).toHaveLength(2));
  expect(figures()[0]).toBe('Ligações: 37');
  expect(strip().queryByText('Não foi possível carregar seu dia.')).toBeNull();
});

it('reads the day again once a call outcome is recorded', async () => {
  signIn({ ID_Funcao: 11, SN_Telefonia: 0 });
  renderScreen(
    <>
      <MyDayStrip />
      <WorkingDayBar clientId={7} />
    </>,
    '/atendimento?clientId=7',
  );
  await waitFor(() => expect(figures()[0]).toBe('Ligações: 0'));
  myDay = { ...noDay, NU_Ligacoes: 1, NU_SegundosFalados: 95 };
  fireEvent.click(await screen.findByRole('button', { name: /^Tabular ligação/ }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Sem interesse' }));
  await waitFor(() => expect(figures().slice(0, 2)).toEqual(['Ligações: 1', 'Tempo falado: 0:01:35']));
});
