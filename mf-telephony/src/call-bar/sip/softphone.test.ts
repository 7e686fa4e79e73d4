import type { ExtensionCredentials } from '@consig/shared';
import { fakeCallAgent } from '../../test/fakeCallAgent';
import { EXTENSION_CREDENTIALS } from '../../testing';
import { createCallController } from '../calls/callController';
import type { JssipAgentOptions } from './jssipAgent';
import { createSoftphone } from './softphone';

type FakeAgent = ReturnType<typeof fakeCallAgent>['agent'];

/** A factory whose agent arrives when the test says so, like the JsSIP agent loaded on demand. */
function deferredFactory() {
  const pending: ((agent: FakeAgent) => void)[] = [];
  const factory = jest.fn<Promise<FakeAgent>, [JssipAgentOptions]>(() => new Promise((resolve) => pending.push(resolve)));
  async function deliver(index: number, agent: FakeAgent) {
    pending[index](agent);
    await Promise.resolve(); // the softphone's then() runs
  }
  return { factory, deliver };
}

/**
 * A factory of fake agents that, like the JsSIP one, subscribe to renewals when made: `renewed[i]` lists the
 * credentials the i-th agent was handed after its start.
 */
function renewableFactory(fakes: ReturnType<typeof fakeCallAgent>[]) {
  const renewed: ExtensionCredentials[][] = [];
  const factory = jest.fn((options: JssipAgentOptions) => {
    const mine: ExtensionCredentials[] = [];
    renewed.push(mine);
    options.onRenewal?.((credentials) => mine.push(credentials));
    return fakes[renewed.length - 1].agent;
  });
  return { factory, renewed };
}

const A = { ...EXTENSION_CREDENTIALS, User: '1767225600:1001', Pass: 'primeira', Ramal: '1001' };
const RENEWED = { ...A, User: '1767225900:1001', Pass: 'renovada' };

test('an agent loaded on demand is used once it arrives; its registration is followed', async () => {
  const { factory, deliver } = deferredFactory();
  const softphone = createSoftphone(createCallController(), factory);
  softphone.use(EXTENSION_CREDENTIALS, []);
  expect(factory).toHaveBeenCalledWith({ credentials: EXTENSION_CREDENTIALS, iceServers: [], onRenewal: expect.any(Function) });
  expect(softphone.getRegistration()).toBeNull();

  const fake = fakeCallAgent('connecting');
  await deliver(0, fake.agent);
  expect(softphone.getRegistration()).toEqual({ status: 'connecting', extension: '1001' });
  expect(fake.isListening()).toBe(true);
  const changes = jest.fn();
  softphone.subscribe(changes);
  fake.setStatus('registered');
  expect(changes).toHaveBeenCalledTimes(1);
  expect(softphone.getRegistration()?.status).toBe('registered');
});

test('an agent that arrives after the softphone was stopped is stopped at once and never used', async () => {
  const { factory, deliver } = deferredFactory();
  const softphone = createSoftphone(createCallController(), factory);
  softphone.use(EXTENSION_CREDENTIALS, []);
  softphone.stop();
  const late = fakeCallAgent();
  await deliver(0, late.agent);
  expect(late.agent.stop).toHaveBeenCalledTimes(1);
  expect(late.isListening()).toBe(false);
  expect(softphone.getRegistration()).toBeNull();
});

test('another extension stops the previous agent and starts one for it', () => {
  const first = fakeCallAgent();
  const second = fakeCallAgent();
  const agents = [first.agent, second.agent];
  const softphone = createSoftphone(createCallController(), () => agents.shift()!);
  softphone.use(EXTENSION_CREDENTIALS, []);
  softphone.use({ ...EXTENSION_CREDENTIALS, User: '1002' }, []);
  expect(first.agent.stop).toHaveBeenCalledTimes(1);
  expect(second.agent.stop).not.toHaveBeenCalled();
  expect(second.isListening()).toBe(true);
  softphone.stop();
  expect(second.agent.stop).toHaveBeenCalledTimes(1);
  expect(softphone.getRegistration()).toBeNull();
});

describe('renewed credentials', () => {
  test('go to the running agent in place: no new agent, and the call in progress goes on', () => {
    const fake = fakeCallAgent('registered');
    const { factory, renewed } = renewableFactory([fake]);
    const controller = createCallController({ getCredentials: () => A, notify: () => {} });
    const softphone = createSoftphone(controller, factory);
    softphone.use(A, []);
    controller.dial('11987654321');
    fake.placed[0].observer.update({ state: 'established' });

    softphone.use(RENEWED, []);
    expect({
      agentsMade: factory.mock.calls.length,
      renewed,
      stopped: fake.agent.stop.mock.calls.length,
      callEnded: fake.placed[0].end.mock.calls.length,
      call: controller.getCall()?.state,
    }).toEqual({ agentsMade: 1, renewed: [[RENEWED]], stopped: 0, callEnded: 0, call: 'established' });
  });

  test('the same credentials again hand nothing over', () => {
    const { factory, renewed } = renewableFactory([fakeCallAgent()]);
    const softphone = createSoftphone(createCallController(), factory);
    softphone.use(A, []);
    softphone.use({ ...A }, []);
    expect({ agentsMade: factory.mock.calls.length, renewed }).toEqual({ agentsMade: 1, renewed: [[]] });
  });

  test('with another extension (Ramal), realm or SIP server, start another agent', () => {
    const fakes = [fakeCallAgent(), fakeCallAgent(), fakeCallAgent(), fakeCallAgent()];
    const { factory, renewed } = renewableFactory(fakes);
    const softphone = createSoftphone(createCallController(), factory);
    softphone.use(A, []);
    softphone.use({ ...RENEWED, User: '1767225900:1003', Ramal: '1003' }, []);
    softphone.use({ ...RENEWED, User: '1767225900:1003', Ramal: '1003', WSServer: 'wss://outro.consig.local/ws' }, []);
    softphone.use({ ...RENEWED, User: '1767225900:1003', Ramal: '1003', WSServer: 'wss://outro.consig.local/ws', Realm: 'outro' }, []);
    expect({
      agentsMade: factory.mock.calls.map(([options]) => [
        options.credentials.Ramal,
        options.credentials.WSServer,
        options.credentials.Realm,
      ]),
      stopped: fakes.map((fake) => fake.agent.stop.mock.calls.length),
      renewed,
    }).toEqual({
      agentsMade: [
        ['1001', 'wss://sip.consig.local/ws', 'consig.local'],
        ['1003', 'wss://sip.consig.local/ws', 'consig.local'],
        ['1003', 'wss://outro.consig.local/ws', 'consig.local'],
        ['1003', 'wss://outro.consig.local/ws', 'outro'],
      ],
      stopped: [1, 1, 1, 0],
      renewed: [[], [], [], []],
    });
  });

  test('renewed while the agent loads reach it once it arrives; none reach an agent stopped meanwhile', async () => {
    const { factory, deliver } = deferredFactory();
    const softphone = createSoftphone(createCallController(), factory);
    softphone.use(A, []);
    softphone.use(RENEWED, []);
    // The agent, made once JsSIP has loaded, subscribes then: after the renewal.
    const heard: ExtensionCredentials[] = [];
    factory.mock.calls[0][0].onRenewal!((credentials) => heard.push(credentials));
    await deliver(0, fakeCallAgent().agent);
    expect(heard).toEqual([RENEWED]);

    softphone.stop();
    softphone.use(A, []);
    const stale: ExtensionCredentials[] = [];
    factory.mock.calls[0][0].onRenewal!((credentials) => stale.push(credentials));
    softphone.use(RENEWED, []);
    expect(stale).toEqual([]);
  });
});
