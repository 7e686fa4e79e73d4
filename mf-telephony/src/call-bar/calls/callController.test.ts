import { bus, type BusPayload } from '@consig/shared';
import { EXTENSION_CREDENTIALS } from '../../testing';
import { fakeCallAgent } from '../../test/fakeCallAgent';
import type { CallEnd, RegistrationStatus } from './callAgent';
import { createCallController, type CallMedia } from './callController';

type CallStateEvent = BusPayload<'telephony.call-state@1'>;

const ended = (end: Partial<CallEnd> = {}) => ({
  state: 'terminated' as const,
  end: { by: 'remote' as const, reason: 'hangup' as const, statusCode: null, ...end },
});

let published: CallStateEvent[];
let answered: BusPayload<'telephony.answered@1'>[];
let unknownCallers: BusPayload<'telephony.unknown-caller-answered@1'>[];
let texts: [string, string][];
let media: { [K in keyof CallMedia]: jest.Mock };
let unsubscribe: () => void;

beforeEach(() => {
  published = [];
  answered = [];
  unknownCallers = [];
  texts = [];
  media = { playTone: jest.fn(), stopTone: jest.fn(), playRemote: jest.fn(), stopRemote: jest.fn() };
  const stopStates = bus.subscribe('telephony.call-state@1', (event) => published.push(event));
  const stopAnswered = bus.subscribe('telephony.answered@1', (event) => answered.push(event));
  const stopUnknown = bus.subscribe('telephony.unknown-caller-answered@1', (event) => unknownCallers.push(event));
  unsubscribe = () => {
    stopStates();
    stopAnswered();
    stopUnknown();
  };
});
afterEach(() => unsubscribe());

/** A controller with the double attached, as the call bar runs it. */
function setUp(status: RegistrationStatus = 'registered', credentials: typeof EXTENSION_CREDENTIALS | null = EXTENSION_CREDENTIALS) {
  const double = fakeCallAgent(status);
  let clock = 1_000;
  const controller = createCallController({
    getCredentials: () => credentials,
    now: () => clock,
    media,
    notify: (text, tone) => texts.push([text, tone]),
  });
  controller.attach(double.agent);
  return { ...double, controller, tick: (ms: number) => (clock += ms) };
}

const lastText = () => texts.at(-1)?.[0];
const states = () => published.map((event) => event.state);

describe('outgoing call', () => {
  test('without an extension with User and Pass a dial only says so', () => {
    for (const credentials of [null, { ...EXTENSION_CREDENTIALS, Pass: '' }, { ...EXTENSION_CREDENTIALS, User: '' }]) {
      const { controller, placed } = setUp('registered', credentials);
      controller.dial('11987654321');
      expect(placed).toHaveLength(0);
    }
    expect(texts).toEqual(Array(3).fill(['Usuário não tem ramal.', 'error']));
    expect(published).toEqual([]);
  });

  test('with no agent, or one that is not registered, the call ends at once as unavailable', () => {
    const withoutAgent = createCallController({
      getCredentials: () => EXTENSION_CREDENTIALS,
      notify: (text, tone) => texts.push([text, tone]),
    });
    withoutAgent.dial('11987654321');
    const { controller, placed } = setUp('reconnecting');
    controller.dial('11987654321');

    expect(placed).toHaveLength(0);
    expect(texts).toEqual(Array(2).fill(['Telefonia indisponível no momento.', 'error']));
    expect(published).toEqual(Array(2).fill({ state: 'terminated', direction: 'outgoing', remote: '11987654321' }));
    expect(controller.getCall()).toBeNull();
  });

  test('dials the number with the leading 0 of a two-digit area code (product-spec §9)', () => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    expect(placed[0].target).toBe('011987654321');
  });

  test('extensions and numbers already prefixed are dialled as they are', () => {
    const { controller, placed } = setUp();
    controller.dial('1002');
    placed[0].observer.update(ended({ by: 'local' }));
    controller.dial('011987654321');
    expect(placed.map((call) => call.target)).toEqual(['1002', '011987654321']);
  });

  test('establishing plays the outgoing tone and makes the user busy; established stops it with its text', () => {
    const { controller, placed, tick } = setUp();
    controller.dial('11987654321');
    expect(controller.getCall()).toEqual({ state: 'establishing', direction: 'outgoing', remote: '11987654321', establishedAt: null });
    expect(media.playTone).toHaveBeenCalledWith('outgoing');

    const [{ observer }] = placed;
    observer.update({ state: 'establishing' }); // 180 Ringing: nothing new
    const stream = {} as MediaStream;
    observer.remoteStream(stream); // early media is heard at once
    expect(media.playRemote).toHaveBeenCalledWith(stream);
    expect(texts).toEqual([]);

    tick(500);
    observer.update({ state: 'established' });
    expect(media.stopTone).toHaveBeenCalled();
    expect(texts).toEqual([['Conexão estabelecida.', 'success']]);
    expect(controller.getCall()?.establishedAt).toBe(1_500);
    expect(states()).toEqual(['establishing', 'established']);
    expect(published.every((event) => event.direction === 'outgoing' && event.remote === '11987654321')).toBe(true);
    expect(answered).toEqual([]); // only an incoming call opens a client
  });

  test('a dial while a call is in progress is ignored; after it ends a new dial goes through', () => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    controller.dial('21912345678');
    expect(placed).toHaveLength(1);
    expect(texts).toEqual([]);

    placed[0].observer.update(ended({ by: 'local', reason: 'canceled' }));
    controller.dial('21912345678');
    expect(placed).toHaveLength(2);
  });

  test("'Terminar' ends the call through the agent; terminating stops the audio, terminated frees the line", () => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    placed[0].observer.update({ state: 'established' });
    controller.hangup();
    expect(placed[0].end).toHaveBeenCalledTimes(1);

    media.stopRemote.mockClear();
    placed[0].observer.update({ state: 'terminating' });
    expect(media.stopRemote).toHaveBeenCalled();
    expect(controller.getCall()?.state).toBe('terminating');
    placed[0].observer.update(ended({ by: 'local' }));

    expect(lastText()).toBe('Conexão terminada.');
    expect(states()).toEqual(['establishing', 'established', 'terminating', 'terminated']);
    expect(controller.getCall()).toBeNull();
  });

  test('the other party hanging up says the call ended', () => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    placed[0].observer.update({ state: 'established' });
    placed[0].observer.update(ended({ by: 'remote', reason: 'hangup' }));
    expect(texts.at(-1)).toEqual(['Chamada encerrada.', 'info']);
    expect(media.stopTone).toHaveBeenCalled();
    expect(media.stopRemote).toHaveBeenCalled();
    expect(controller.getCall()).toBeNull();
  });

  test('a rejection shows the spec text', () => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    placed[0].observer.update(ended({ by: 'remote', reason: 'rejected', statusCode: 603 }));
    expect(texts).toEqual([['Chamada rejeitada.', 'error']]);
    expect(states()).toEqual(['establishing', 'terminated']);
  });

  test.each([
    [404, 'Número não encontrado ou fora de alcance.'],
    [486, 'Número ocupado.'],
    [487, 'Chamada cancelada.'],
    [488, 'Chamada não completada: o telefone chamado não aceitou o áudio.'],
    [503, 'Serviço de telefonia indisponível. Tente novamente em instantes.'],
    [408, 'O número chamado não atendeu.'],
    [480, 'Número indisponível no momento. Tente mais tarde.'],
    [500, 'Algo deu errado ao estabelecer conexão.'], // a failure without a text of its own
  ])('a SIP %i failure reads "%s"', (statusCode, text) => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    placed[0].observer.update(ended({ by: 'remote', reason: 'failed', statusCode }));
    expect(texts).toEqual([[text, 'error']]);
    expect(controller.getCall()).toBeNull();
  });

  test.each([
    ['nao-perturbe', 'Ligação bloqueada: o número está na lista "Não Me Perturbe".'],
    ['fora-do-horario', 'Ligação bloqueada: fora do horário permitido para ligar a este cliente.'],
    ['inss-180-dias', 'Ligação bloqueada: cliente do INSS nos 180 dias após a concessão do benefício.'],
    ['nao-ligar', 'Ligação bloqueada: o cliente pediu para não ser chamado.'],
  ])('a call the SIP edge refuses under rule \'%s\' says which rule: "%s"', (refusal, text) => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    placed[0].observer.update(ended({ by: 'remote', reason: 'rejected', statusCode: 403, refusal }));
    expect(texts).toEqual([[text, 'error']]);
  });

  test('an unknown refusal rule still reads as a rejection', () => {
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    placed[0].observer.update(ended({ by: 'remote', reason: 'rejected', statusCode: 403, refusal: 'regra-nova' }));
    expect(texts).toEqual([['Chamada rejeitada.', 'error']]);
  });

  test('cancelling before the answer, no answer in time and a refused microphone each say so', () => {
    const { controller, placed } = setUp();
    const cases: [Partial<CallEnd>, string][] = [
      [{ by: 'local', reason: 'canceled' }, 'Chamada cancelada.'],
      [{ by: 'local', reason: 'no-answer' }, 'O número chamado não atendeu.'],
      [{ by: 'local', reason: 'media-denied' }, 'Permita o uso do microfone para fazer e receber chamadas.'],
      [{ by: 'system', reason: 'failed' }, 'Algo deu errado ao estabelecer conexão.'],
    ];
    cases.forEach(([end, text], i) => {
      controller.dial('11987654321');
      placed[i].observer.update(ended(end));
      expect(lastText()).toBe(text);
    });
  });

  test('an unknown state shows the spec message', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { controller, placed } = setUp();
    controller.dial('11987654321');
    placed[0].observer.update({ state: 'ringing' } as never);
    expect(texts).toEqual([['Algo deu errado ao estabelecer conexão.', 'error']]);
    jest.restoreAllMocks();
  });

  test('an agent that throws ends the call with the spec message', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const { agent, controller } = setUp();
    agent.call = () => {
      throw new Error('WebSocket closed');
    };
    controller.dial('11987654321');
    expect(texts).toEqual([['Algo deu errado ao estabelecer conexão.', 'error']]);
    expect(states()).toEqual(['establishing', 'terminated']);
    expect(controller.getCall()).toBeNull();
    jest.restoreAllMocks();
  });

  test('late reports of a call that ended change nothing', () => {
    const { controller, placed } = setUp();
    const changes = jest.fn();
    controller.subscribe(changes);
    controller.dial('11987654321');
    placed[0].observer.update(ended({ reason: 'rejected' }));
    placed[0].observer.update({ state: 'established' });
    placed[0].observer.remoteStream({} as MediaStream);
    expect(states()).toEqual(['establishing', 'terminated']);
    expect(changes).toHaveBeenCalledTimes(2);
    expect(media.playRemote).not.toHaveBeenCalled();
  });
});

describe('incoming call', () => {
  test('rings, is answered and opens the client named by the caller (product-spec §4)', () => {
    const { controller, ring, tick } = setUp();
    const call = ring('4321', '2000');
    expect(call.watch).toHaveBeenCalledTimes(1);
    expect(controller.getCall()).toMatchObject({ state: 'incoming', direction: 'incoming', remote: '2000', callerName: '4321' });
    expect(published).toEqual([{ state: 'incoming', direction: 'incoming', remote: '2000' }]);

    call.observer!.update({ state: 'initial' });
    expect(texts).toEqual([['Chamada recebida.', 'info']]);
    call.observer!.update({ state: 'establishing' });
    expect(texts.at(-1)).toEqual(['Estabelecendo conexão...', 'info']);
    expect(media.playTone).toHaveBeenCalledWith('incoming');

    controller.answer();
    expect(call.answer).toHaveBeenCalledTimes(1);
    expect(media.stopTone).toHaveBeenCalled();
    expect(texts.at(-1)).toEqual(['Conexão estabelecida.', 'success']);
    expect(controller.getCall()?.state).toBe('establishing'); // in call

    tick(250);
    const stream = {} as MediaStream;
    call.observer!.remoteStream(stream);
    call.observer!.update({ state: 'established' });
    expect(media.playRemote).toHaveBeenCalledWith(stream);
    expect(controller.getCall()?.establishedAt).toBe(1_250);
    expect(answered).toEqual([{ clientId: '4321' }]);
    expect(texts).toHaveLength(3); // established adds no text of its own
    expect(states()).toEqual(['incoming', 'establishing', 'established']);
  });

  test('a remote hangup frees the line and says the call ended', () => {
    const { controller, ring } = setUp();
    const call = ring();
    controller.answer();
    call.observer!.update({ state: 'established' });
    call.observer!.update(ended({ by: 'remote', reason: 'hangup' }));
    expect(lastText()).toBe('Chamada encerrada.');
    expect(media.stopRemote).toHaveBeenCalled();
    expect(controller.getCall()).toBeNull();
    expect(states().at(-1)).toBe('terminated');
  });

  test("'Terminar' on an answered call: terminating stops the audio, terminated says the connection ended", () => {
    const { controller, ring } = setUp();
    const call = ring();
    controller.answer();
    call.observer!.update({ state: 'established' });
    controller.hangup();
    expect(call.end).toHaveBeenCalledTimes(1);
    call.observer!.update({ state: 'terminating' });
    expect(media.stopRemote).toHaveBeenCalled();
    call.observer!.update(ended({ by: 'local' }));
    expect(lastText()).toBe('Conexão terminada.');
    expect(controller.getCall()).toBeNull();
  });

  test("'Recusar' refuses the ringing call; the ringtone stops and the line is free", () => {
    const { controller, ring } = setUp();
    const call = ring();
    call.observer!.update({ state: 'establishing' });
    controller.reject();
    expect(call.reject).toHaveBeenCalledTimes(1);
    expect(call.answer).not.toHaveBeenCalled();
    call.observer!.update(ended({ by: 'local', reason: 'rejected' }));
    expect(media.stopTone).toHaveBeenCalled();
    expect(lastText()).toBe('Conexão terminada.');
    expect(controller.getCall()).toBeNull();
  });

  test('a caller who gives up while it rings ends it with the connection text', () => {
    const { controller, ring } = setUp();
    const call = ring();
    call.observer!.update({ state: 'establishing' });
    call.observer!.update(ended({ by: 'remote', reason: 'canceled', statusCode: null }));
    expect(lastText()).toBe('Conexão terminada.');
    expect(media.stopTone).toHaveBeenCalled();
    expect(controller.getCall()).toBeNull();
  });

  test('a caller name that is not a client id opens nothing', () => {
    const { controller, ring } = setUp();
    for (const name of ['Maria', null]) {
      const call = ring(name);
      controller.answer();
      call.observer!.update({ state: 'established' });
      expect(controller.getCall()?.state).toBe('established');
      call.observer!.update(ended());
    }
    expect(answered).toEqual([]);
    expect(unknownCallers).toEqual([]);
  });

  test("a number that is no client's (no display name) opens 'Novo Cliente' with it, once the call is answered", () => {
    const { controller, ring } = setUp();
    const call = ring(null, '11955551111');
    call.observer!.update({ state: 'establishing' });
    expect(unknownCallers).toEqual([]); // ringing opens nothing
    controller.answer();
    expect(unknownCallers).toEqual([]);
    call.observer!.update({ state: 'established' });
    expect(unknownCallers).toEqual([{ number: '11955551111' }]);
    expect(answered).toEqual([]);
    call.observer!.update(ended());
    expect(unknownCallers).toHaveLength(1);
  });

  test.each([
    ['+55 11 95555-1111', '11955551111'],
    ['5511955551111', '11955551111'],
    ['011955551111', '11955551111'],
    ['1132654321', '1132654321'],
  ])("the caller's address %s is announced as DDD + number %s", (address, number) => {
    const { controller, ring } = setUp();
    const call = ring(null, address);
    controller.answer();
    call.observer!.update({ state: 'established' });
    expect(unknownCallers).toEqual([{ number }]);
  });

  test('an extension calling (no display name, no phone number) opens nothing; neither does an unanswered unknown number', () => {
    const { controller, ring } = setUp();
    const internal = ring(null, '1002');
    controller.answer();
    internal.observer!.update({ state: 'established' });
    internal.observer!.update(ended());

    const refused = ring(null, '11955551111');
    refused.observer!.update({ state: 'establishing' });
    controller.reject();
    refused.observer!.update(ended({ by: 'local', reason: 'rejected' }));

    const named = ring('Ana Atendente', '11955551111');
    controller.answer();
    named.observer!.update({ state: 'established' });
    expect(unknownCallers).toEqual([]);
    expect(answered).toEqual([]);
  });

  test('while busy a new incoming call is refused as busy and a dial is ignored', () => {
    const { controller, ring, placed } = setUp();
    const first = ring('1');
    const second = ring('2');
    expect(second.refuseBusy).toHaveBeenCalledTimes(1);
    expect(second.watch).not.toHaveBeenCalled();
    controller.dial('11987654321');
    expect(placed).toHaveLength(0);
    expect(controller.getCall()?.callerName).toBe('1');
    expect(first.refuseBusy).not.toHaveBeenCalled();

    controller.dial('11987654321');
    first.observer!.update(ended());
    ring('3');
    expect(controller.getCall()?.callerName).toBe('3');
  });

  test('answer and reject do nothing without a ringing call', () => {
    const { controller, placed } = setUp();
    controller.answer();
    controller.reject();
    controller.dial('11987654321');
    controller.answer();
    expect(controller.getCall()?.state).toBe('establishing');
    expect(placed[0].end).not.toHaveBeenCalled();
  });
});

describe('session end', () => {
  test('shutdown drops the call silently, stops its sounds and ignores what the agent reports after', () => {
    const { controller, ring, isListening } = setUp();
    const call = ring();
    controller.answer();
    published = [];
    controller.shutdown();

    expect(call.end).toHaveBeenCalledTimes(1);
    expect(media.stopTone).toHaveBeenCalled();
    expect(media.stopRemote).toHaveBeenCalled();
    expect(controller.getCall()).toBeNull();
    expect(isListening()).toBe(false);
    call.observer!.update(ended({ by: 'local' }));
    expect(published).toEqual([]);
    expect(lastText()).toBe('Conexão estabelecida.');
  });

  test('attaching no agent stops hearing incoming calls', () => {
    const { controller, isListening } = setUp();
    controller.attach(null);
    expect(isListening()).toBe(false);
  });
});
