import { fakeCallAgent } from '../../test/fakeCallAgent';
import { EXTENSION_CREDENTIALS } from '../../testing';
import { createCallController } from '../calls/callController';
import { createSoftphone } from './softphone';

type FakeAgent = ReturnType<typeof fakeCallAgent>['agent'];

/** A factory whose agent arrives when the test says so, like the JsSIP agent loaded on demand. */
function deferredFactory() {
  const pending: ((agent: FakeAgent) => void)[] = [];
  const factory = jest.fn(() => new Promise<FakeAgent>((resolve) => pending.push(resolve)));
  async function deliver(index: number, agent: FakeAgent) {
    pending[index](agent);
    await Promise.resolve(); // the softphone's then() runs
  }
  return { factory, deliver };
}

test('an agent loaded on demand is used once it arrives; its registration is followed', async () => {
  const { factory, deliver } = deferredFactory();
  const softphone = createSoftphone(createCallController(), factory);
  softphone.start(EXTENSION_CREDENTIALS, []);
  expect(factory).toHaveBeenCalledWith({ credentials: EXTENSION_CREDENTIALS, iceServers: [] });
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
  softphone.start(EXTENSION_CREDENTIALS, []);
  softphone.stop();
  const late = fakeCallAgent();
  await deliver(0, late.agent);
  expect(late.agent.stop).toHaveBeenCalledTimes(1);
  expect(late.isListening()).toBe(false);
  expect(softphone.getRegistration()).toBeNull();
});

test('starting again (another extension) stops the previous agent', () => {
  const first = fakeCallAgent();
  const second = fakeCallAgent();
  const agents = [first.agent, second.agent];
  const softphone = createSoftphone(createCallController(), () => agents.shift()!);
  softphone.start(EXTENSION_CREDENTIALS, []);
  softphone.start({ ...EXTENSION_CREDENTIALS, User: '1002' }, []);
  expect(first.agent.stop).toHaveBeenCalledTimes(1);
  expect(second.agent.stop).not.toHaveBeenCalled();
  expect(second.isListening()).toBe(true);
  softphone.stop();
  expect(second.agent.stop).toHaveBeenCalledTimes(1);
  expect(softphone.getRegistration()).toBeNull();
});
