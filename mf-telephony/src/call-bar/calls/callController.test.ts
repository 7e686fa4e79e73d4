import { bus, type BusPayload } from '@consig/shared';
import { toast } from 'react-hot-toast';
import type { AgentCallState, CallAgent } from './callAgent';
import { RAMAL } from '../../testing';
import { createCallController } from './callController';

type CallStateEvent = BusPayload<'telephony.call-state@1'>;

/** A test double of the agent interface: records calls and lets the test drive their states. */
function agentDouble() {
  const placed: { target: string; report: (state: AgentCallState) => void; end: jest.Mock }[] = [];
  const agent: CallAgent = {
    call(target, report) {
      const end = jest.fn();
      placed.push({ target, report, end });
      return { end };
    },
  };
  return { agent, placed };
}

let published: CallStateEvent[];
let unsubscribe: () => void;
beforeEach(() => {
  published = [];
  unsubscribe = bus.subscribe('telephony.call-state@1', (event) => published.push(event));
  jest.spyOn(toast, 'error').mockReturnValue('');
});
afterEach(() => {
  unsubscribe();
  jest.restoreAllMocks();
});

test('without an extension with User and Pass a dial only says so', () => {
  for (const ramal of [null, { ...RAMAL, Pass: '' }, { ...RAMAL, User: '' }]) {
    const { agent, placed } = agentDouble();
    createCallController({ agent, getRamal: () => ramal }).dial('11987654321');
    expect(placed).toHaveLength(0);
  }
  expect(toast.error).toHaveBeenCalledTimes(3);
  expect(toast.error).toHaveBeenCalledWith('Usuário não tem ramal.');
  expect(published).toEqual([]);
});

test('with an extension but no SIP agent the call ends at once as unavailable', () => {
  const controller = createCallController({ agent: null, getRamal: () => RAMAL });
  controller.dial('11987654321');
  expect(toast.error).toHaveBeenCalledWith('Telefonia indisponível no momento.');
  expect(published).toEqual([{ state: 'terminated', direction: 'outgoing', remote: '11987654321' }]);
  expect(controller.getCall()).toBeNull();
});

test('a dial while a call is in progress is ignored; after it ends a new dial goes through', () => {
  const { agent, placed } = agentDouble();
  const controller = createCallController({ agent, getRamal: () => RAMAL });

  controller.dial('11987654321');
  controller.dial('21912345678');
  expect(placed).toHaveLength(1);
  expect(toast.error).not.toHaveBeenCalled();

  placed[0].report('terminated');
  controller.dial('21912345678');
  expect(placed).toHaveLength(2);
});

test('dials the number with the leading 0 of a two-digit area code (product-spec §9)', () => {
  const { agent, placed } = agentDouble();
  createCallController({ agent, getRamal: () => RAMAL }).dial('11987654321');
  expect(placed[0].target).toBe('011987654321');
});

test('publishes every state change and keeps when the call was established', () => {
  const { agent, placed } = agentDouble();
  const controller = createCallController({ agent, getRamal: () => RAMAL, now: () => 1_000 });
  const changes = jest.fn();
  controller.subscribe(changes);

  controller.dial('11987654321');
  expect(controller.getCall()).toEqual({ state: 'establishing', direction: 'outgoing', remote: '11987654321', establishedAt: null });
  placed[0].report('established');
  expect(controller.getCall()?.establishedAt).toBe(1_000);
  placed[0].report('terminating');
  placed[0].report('terminated');
  placed[0].report('established'); // late report of an ended call

  expect(published.map((event) => event.state)).toEqual(['establishing', 'established', 'terminating', 'terminated']);
  expect(published.every((event) => event.direction === 'outgoing' && event.remote === '11987654321')).toBe(true);
  expect(changes).toHaveBeenCalledTimes(4);
  expect(controller.getCall()).toBeNull();
});

test('hangup ends the current call through the agent', () => {
  const { agent, placed } = agentDouble();
  const controller = createCallController({ agent, getRamal: () => RAMAL });
  controller.dial('11987654321');
  controller.hangup();
  expect(placed[0].end).toHaveBeenCalledTimes(1);
});

test('an agent that throws ends the call with the spec message', () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const agent: CallAgent = {
    call() {
      throw new Error('WebSocket closed');
    },
  };
  const controller = createCallController({ agent, getRamal: () => RAMAL });
  controller.dial('11987654321');
  expect(toast.error).toHaveBeenCalledWith('Algo deu errado ao estabelecer conexão.');
  expect(published.map((event) => event.state)).toEqual(['establishing', 'terminated']);
  expect(controller.getCall()).toBeNull();
});
