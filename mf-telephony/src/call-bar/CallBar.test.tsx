import { api, bus, requestDial, session, type BusPayload, type ExtensionCredentials } from '@consig/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { httpError, networkError, renderScreen, signIn } from '@consig/shared/testing';
import { fakeCallAgent, type FakeIncomingCall } from '../test/fakeCallAgent';
import { ATTENDANT, EXTENSION_CREDENTIALS } from '../testing';
import CallBar from './CallBar';
import type { JssipAgentOptions } from './sip/jssipAgent';

/** GET /atendente/ramal's answer: the credentials, or 'Usuário não tem ramal.' for null. */
const extensionAnswer = (data: unknown) => ({ data: { sucess: data != null, text: data ? '' : 'Usuário não tem ramal.', data } });
const answerExtension = (data: unknown) => jest.spyOn(api, 'get').mockResolvedValue(extensionAnswer(data));

/**
 * The call bar with a fake SIP agent; `started` lists the options of every agent it started, and `renewed` the
 * credentials handed to the running agent since (as the JsSIP one hears them).
 */
function renderCallBar(fake = fakeCallAgent()) {
  const started: JssipAgentOptions[] = [];
  const renewed: ExtensionCredentials[] = [];
  const createAgent = (options: JssipAgentOptions) => {
    started.push(options);
    options.onRenewal?.((credentials) => renewed.push(credentials));
    return fake.agent;
  };
  return { ...renderScreen(<CallBar createAgent={createAgent} />), fake, started, renewed };
}

const badge = () => screen.getByRole('status');
const audio = (kind: 'remote' | 'tone') => document.querySelector<HTMLAudioElement>(`audio[data-call-audio="${kind}"]`)!;

beforeEach(() => {
  jest.spyOn(toast, 'error').mockReturnValue('');
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  session.signOut();
});

test('fetches the extension for a user with telephony on, starts the agent with it and shows the registration', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  const get = answerExtension(EXTENSION_CREDENTIALS);
  const { fake, started } = renderCallBar(fakeCallAgent('connecting'));
  await waitFor(() => expect(session.get().extension).toEqual(EXTENSION_CREDENTIALS));
  expect(get).toHaveBeenCalledWith('/atendente/ramal', { signal: expect.any(AbortSignal) });
  expect(started).toEqual([{ credentials: EXTENSION_CREDENTIALS, iceServers: [], onRenewal: expect.any(Function) }]);
  expect(badge().textContent).toBe('Ramal 1001: conectando…');

  act(() => fake.setStatus('registered'));
  expect(badge().textContent).toBe('Ramal 1001: registrado');
  act(() => fake.setStatus('reconnecting'));
  expect(badge().textContent).toBe('Ramal 1001: reconectando…');
  expect(screen.queryByRole('region')).toBeNull(); // no call bar while idle
});

test('keeps no extension when the server has none, without an error, and says telephony is off', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  session.setExtension(EXTENSION_CREDENTIALS);
  const get = answerExtension(null);
  const { fake } = renderCallBar();
  await waitFor(() => expect(session.get().extension).toBeNull());
  expect(get).toHaveBeenCalledTimes(1);
  expect(toast.error).not.toHaveBeenCalled();
  expect(fake.agent.stop).toHaveBeenCalled(); // the agent started for the old extension stops with it
  expect(badge().textContent).toBe('Telefonia desligada: usuário sem ramal');
});

test('does not fetch an extension nor start an agent for a user with telephony off', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 0 });
  const get = answerExtension(EXTENSION_CREDENTIALS);
  const { started } = renderCallBar();
  await act(async () => {});
  expect(get).not.toHaveBeenCalled();
  expect(session.get().extension).toBeNull();
  expect(started).toEqual([]);
  expect(badge().textContent).toBe('Telefonia desligada');
});

test('a dial request without an extension says the user has none', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 0 });
  renderCallBar();
  act(() => requestDial('11987654321'));
  expect(toast.error).toHaveBeenCalledWith('Usuário não tem ramal.');
});

test('a dial request while the agent is not registered reports telephony unavailable and a terminated call', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  answerExtension(EXTENSION_CREDENTIALS);
  const states: BusPayload<'telephony.call-state@1'>[] = [];
  const unsubscribe = bus.subscribe('telephony.call-state@1', (event) => states.push(event));
  const { fake } = renderCallBar(fakeCallAgent('reconnecting'));
  await waitFor(() => expect(session.get().extension).toEqual(EXTENSION_CREDENTIALS));

  act(() => requestDial('11987654321', 42));
  unsubscribe();

  expect(toast.error).toHaveBeenCalledWith('Telefonia indisponível no momento.');
  expect(states).toEqual([{ state: 'terminated', direction: 'outgoing', remote: '11987654321' }]);
  expect(fake.placed).toEqual([]);
  expect(screen.queryByRole('region')).toBeNull();
});

test('an outgoing call: the bar with the ringback tone, then the timer; Terminar ends it', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  answerExtension(EXTENSION_CREDENTIALS);
  const success = jest.spyOn(toast, 'success').mockReturnValue('');
  const { fake } = renderCallBar();
  await waitFor(() => expect(session.get().extension).toEqual(EXTENSION_CREDENTIALS));

  act(() => requestDial('11987654321', 42));
  expect(fake.placed.map((call) => call.target)).toEqual(['011987654321']);
  const bar = screen.getByRole('region', { name: 'Chamada em andamento' });
  expect(bar.textContent).toContain('11987654321');
  expect(bar.textContent).toContain('Estabelecendo conexão...');
  expect(audio('tone').dataset.tone).toBe('outgoing');
  expect(screen.queryByRole('status')).toBeNull(); // the bar replaces the badge during a call

  const stream = {} as MediaStream;
  act(() => {
    fake.placed[0].observer.remoteStream(stream);
    fake.placed[0].observer.update({ state: 'established' });
  });
  expect(audio('remote').srcObject).toBe(stream);
  expect(audio('tone').dataset.tone).toBeUndefined();
  expect(success).toHaveBeenCalledWith('Conexão estabelecida.');
  expect(screen.getByLabelText('Duração da chamada').textContent).toBe('00:00');

  fireEvent.click(screen.getByRole('button', { name: 'Terminar' }));
  expect(fake.placed[0].end).toHaveBeenCalledTimes(1);
  act(() => fake.placed[0].observer.update({ state: 'terminated', end: { by: 'local', reason: 'hangup', statusCode: null } }));
  expect(screen.queryByRole('region')).toBeNull();
  expect(audio('remote').srcObject).toBeNull();
});

test('an incoming call rings with the caller and Atender/Recusar; answering opens the client it names', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  answerExtension(EXTENSION_CREDENTIALS);
  jest.spyOn(toast, 'success').mockReturnValue('');
  const answered: BusPayload<'telephony.answered@1'>[] = [];
  const unsubscribe = bus.subscribe('telephony.answered@1', (event) => answered.push(event));
  const { fake } = renderCallBar();
  await waitFor(() => expect(session.get().extension).toEqual(EXTENSION_CREDENTIALS));

  let call!: FakeIncomingCall;
  act(() => {
    call = fake.ring('4321', '2000');
  });
  act(() => {
    call.observer!.update({ state: 'initial' });
    call.observer!.update({ state: 'establishing' });
  });
  const ringing = screen.getByRole('region', { name: 'Chamada recebida' });
  expect(ringing.textContent).toContain('4321');
  expect(audio('tone').dataset.tone).toBe('incoming');
  expect(screen.getByRole('button', { name: 'Recusar' })).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Atender' }));
  expect(call.answer).toHaveBeenCalledTimes(1);
  expect(audio('tone').dataset.tone).toBeUndefined();
  act(() => call.observer!.update({ state: 'established' }));
  unsubscribe();
  expect(answered).toEqual([{ clientId: '4321' }]);
  expect(screen.getByRole('region', { name: 'Chamada em andamento' })).toBeTruthy();
});

test("'Recusar' refuses the ringing call", async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  answerExtension(EXTENSION_CREDENTIALS);
  const { fake } = renderCallBar();
  await waitFor(() => expect(session.get().extension).toEqual(EXTENSION_CREDENTIALS));
  let call!: FakeIncomingCall;
  act(() => {
    call = fake.ring();
  });
  fireEvent.click(screen.getByRole('button', { name: 'Recusar' }));
  expect(call.reject).toHaveBeenCalledTimes(1);
});

test('the logout event and the end of the session stop the agent', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  answerExtension(EXTENSION_CREDENTIALS);
  const { fake } = renderCallBar();
  await waitFor(() => expect(session.get().extension).toEqual(EXTENSION_CREDENTIALS));
  expect(fake.isListening()).toBe(true);

  act(() => bus.publish('session.logout@1', {}));
  expect(fake.agent.stop).toHaveBeenCalledTimes(1);
  expect(fake.isListening()).toBe(false);
  act(() => session.signOut());
  expect(fake.agent.stop).toHaveBeenCalledTimes(1); // already stopped
  expect(screen.queryByRole('status')).toBeNull(); // nothing shown signed out
});

test('a session ending by itself (no logout event) stops the agent too', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  answerExtension(EXTENSION_CREDENTIALS);
  const { fake } = renderCallBar();
  await waitFor(() => expect(session.get().extension).toEqual(EXTENSION_CREDENTIALS));
  act(() => session.signOut());
  expect(fake.agent.stop).toHaveBeenCalledTimes(1);
});

test('stops answering dial requests once unmounted', () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 0 });
  const { unmount } = renderCallBar();
  unmount();
  requestDial('11987654321');
  expect(toast.error).not.toHaveBeenCalled();
});

test('a refused extension read shows the server text and keeps no extension', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  jest.spyOn(api, 'get').mockRejectedValue(httpError(403, 'Acesso negado.'));
  const { started } = renderCallBar();
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Acesso negado.', expect.anything()));
  expect(session.get().extension).toBeNull();
  expect(started).toEqual([]);
});

test('an extension that arrives after the user signed out is not kept', async () => {
  signIn({ ...ATTENDANT, SN_Telefonia: 1 });
  let answer: (value: unknown) => void = () => undefined;
  jest.spyOn(api, 'get').mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const { started } = renderCallBar();
  act(() => session.signOut());
  await act(async () => answer({ data: { sucess: true, text: '', data: EXTENSION_CREDENTIALS }, status: 200 }));
  expect(session.get().extension).toBeNull();
  expect(started).toEqual([]);
});

describe('the SIP credentials, which live minutes and are renewed while the person is signed in', () => {
  const MINUTE = 60_000;
  /** Credentials valid `minutes` from now, as GET /atendente/ramal hands them out. */
  const validFor = (minutes: number, Pass: string) => ({
    ...EXTENSION_CREDENTIALS,
    User: `${Math.floor(Date.now() / 1000) + minutes * 60}:1001`,
    Pass,
    Ramal: '1001',
  });
  const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  beforeEach(() => jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 11, 0, 0) }));
  afterEach(() => jest.useRealTimers());

  test('are read again at half their life, in a hidden tab too, and handed to the running agent: same agent, the call goes on', async () => {
    signIn({ ...ATTENDANT, SN_Telefonia: 1 });
    const first = validFor(10, 'primeira');
    const second = validFor(15, 'segunda');
    const get = jest.spyOn(api, 'get').mockResolvedValueOnce(extensionAnswer(first)).mockResolvedValue(extensionAnswer(second));
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { fake, started, renewed } = renderCallBar();
    await waitFor(() => expect(session.get().extension).toEqual(first));
    act(() => requestDial('11987654321', 42));
    act(() => fake.placed[0].observer.update({ state: 'established' }));

    await advance(5 * MINUTE - 1000);
    expect(get).toHaveBeenCalledTimes(1);
    await advance(2000);
    expect(get).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(session.get().extension).toEqual(second));
    expect({
      agents: started.length,
      renewed,
      stopped: fake.agent.stop.mock.calls.length,
      callEnded: fake.placed[0].end.mock.calls.length,
      bar: screen.getByRole('region', { name: 'Chamada em andamento' }).textContent?.includes('11987654321'),
    }).toEqual({ agents: 1, renewed: [second], stopped: 0, callEnded: 0, bar: true });

    // And again at half the new ones' life: read at 5 minutes, expiring at 15, so at 10.
    get.mockResolvedValue(extensionAnswer(validFor(20, 'terceira')));
    await advance(4 * MINUTE);
    expect(get).toHaveBeenCalledTimes(2);
    await advance(MINUTE);
    expect(get).toHaveBeenCalledTimes(3);
  });

  test('a renewal that fails is tried again before the expiry, and the agent runs on meanwhile', async () => {
    signIn({ ...ATTENDANT, SN_Telefonia: 1 });
    const first = validFor(10, 'primeira');
    const get = jest.spyOn(api, 'get').mockResolvedValueOnce(extensionAnswer(first)).mockRejectedValue(networkError('/atendente/ramal'));
    const { fake, renewed } = renderCallBar();
    await waitFor(() => expect(session.get().extension).toEqual(first));

    // At 5 minutes, then the query client's 3 retries 5 s apart: all fail.
    await advance(5 * MINUTE + 16_000);
    expect(get).toHaveBeenCalledTimes(5);
    const second = validFor(10, 'segunda');
    get.mockResolvedValue(extensionAnswer(second));
    // Half of what was left (about 4 min 45 s) after the last failure.
    await advance(2.5 * MINUTE);
    expect(get).toHaveBeenCalledTimes(6);
    await waitFor(() => expect(renewed).toEqual([second]));
    expect(fake.agent.stop).not.toHaveBeenCalled();
  });

  test.each([
    ['answered "Usuário não tem ramal." (telephony switched off, extension removed)', () => extensionAnswer(null)],
    ['refused (403)', () => Promise.reject(httpError(403, 'Acesso negado.'))],
  ])('a renewal %s stops the agent and keeps no extension', async (_, answer) => {
    signIn({ ...ATTENDANT, SN_Telefonia: 1 });
    const first = validFor(10, 'primeira');
    const get = jest
      .spyOn(api, 'get')
      .mockResolvedValueOnce(extensionAnswer(first))
      .mockImplementation(answer as () => Promise<never>);
    const { fake } = renderCallBar();
    await waitFor(() => expect(session.get().extension).toEqual(first));

    await advance(5 * MINUTE + 1000);
    await waitFor(() => expect(fake.agent.stop).toHaveBeenCalledTimes(1));
    expect(session.get().extension).toBeNull();
    expect(badge().textContent).toBe('Telefonia desligada: usuário sem ramal');
    // Nothing more is asked: the schedule ends with the extension.
    await advance(30 * MINUTE);
    expect(get).toHaveBeenCalledTimes(2);
  });

  test('new credentials for another extension start another agent', async () => {
    signIn({ ...ATTENDANT, SN_Telefonia: 1 });
    const first = validFor(10, 'primeira');
    const moved = { ...validFor(10, 'outra'), User: `${Math.floor(Date.now() / 1000) + 600}:1003`, Ramal: '1003' };
    jest.spyOn(api, 'get').mockResolvedValueOnce(extensionAnswer(first)).mockResolvedValue(extensionAnswer(moved));
    const { fake, started, renewed } = renderCallBar();
    await waitFor(() => expect(started).toHaveLength(1));
    await advance(5 * MINUTE + 1000);
    await waitFor(() => expect(started).toHaveLength(2));
    expect({ extensions: started.map((options) => options.credentials.Ramal), stops: fake.agent.stop.mock.calls.length, renewed }).toEqual({
      extensions: ['1001', '1003'],
      stops: 1,
      renewed: [],
    });
  });
});
