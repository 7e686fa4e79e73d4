import { api, bus, requestDial, session, type BusPayload } from '@consig/shared';
import { act, waitFor } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { httpError, renderScreen, signIn } from '@consig/shared/testing';
import { ATTENDANT, RAMAL } from '../testing';
import CallBar from './CallBar';

const answerRamal = (data: unknown) =>
  jest.spyOn(api, 'get').mockResolvedValue({ data: { sucess: data != null, text: data ? '' : 'Usuário não tem ramal.', data } });

beforeEach(() => jest.spyOn(toast, 'error').mockReturnValue(''));
afterEach(() => {
  jest.restoreAllMocks();
  session.signOut();
});

test('fetches the extension for a user with telephony on and keeps it in the session', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  const get = answerRamal(RAMAL);
  const { container } = renderScreen(<CallBar />);
  await waitFor(() => expect(session.get().ramal).toEqual(RAMAL));
  expect(get).toHaveBeenCalledWith('/atendente/ramal');
  expect(container.innerHTML).toBe(''); // nothing visible when idle
});

test('keeps no extension when the server has none, without an error', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  session.setRamal(RAMAL);
  const get = answerRamal(null);
  renderScreen(<CallBar />);
  await waitFor(() => expect(session.get().ramal).toBeNull());
  expect(get).toHaveBeenCalledTimes(1);
  expect(toast.error).not.toHaveBeenCalled();
});

test('does not fetch an extension for a user with telephony off', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 0 });
  const get = answerRamal(RAMAL);
  renderScreen(<CallBar />);
  await act(async () => {});
  expect(get).not.toHaveBeenCalled();
  expect(session.get().ramal).toBeNull();
});

test('a dial request without an extension says the user has none', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 0 });
  renderScreen(<CallBar />);
  act(() => requestDial('11987654321'));
  expect(toast.error).toHaveBeenCalledWith('Usuário não tem ramal.');
});

test('a dial request with an extension reports telephony unavailable and a terminated call', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  answerRamal(RAMAL);
  const states: BusPayload<'telephony.call-state@1'>[] = [];
  const unsubscribe = bus.subscribe('telephony.call-state@1', (event) => states.push(event));
  const { container } = renderScreen(<CallBar />);
  await waitFor(() => expect(session.get().ramal).toEqual(RAMAL));

  act(() => requestDial('11987654321', 42));
  unsubscribe();

  expect(toast.error).toHaveBeenCalledWith('Telefonia indisponível no momento.');
  expect(states).toEqual([{ state: 'terminated', direction: 'outgoing', remote: '11987654321' }]);
  expect(container.innerHTML).toBe('');
});

test('stops answering dial requests once unmounted', () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 0 });
  const { unmount } = renderScreen(<CallBar />);
  unmount();
  requestDial('11987654321');
  expect(toast.error).not.toHaveBeenCalled();
});

test('a refused extension read shows the server text and keeps no extension', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  jest.spyOn(api, 'get').mockRejectedValue(httpError(403, 'Acesso negado.'));
  renderScreen(<CallBar />);
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Acesso negado.', expect.anything()));
  expect(session.get().ramal).toBeNull();
});

test('an extension that arrives after the user signed out is not kept', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  let answer: (value: unknown) => void = () => undefined;
  jest.spyOn(api, 'get').mockReturnValue(new Promise((resolve) => (answer = resolve)));
  renderScreen(<CallBar />);
  act(() => session.signOut());
  await act(async () => answer({ data: { sucess: true, text: '', data: RAMAL }, status: 200 }));
  expect(session.get().ramal).toBeNull();
});
