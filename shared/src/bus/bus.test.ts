import { bus } from './bus';
import { retainedBusEvents } from './events';

test('subscribers get checked payloads; unsubscribe stops delivery', () => {
  const handler = jest.fn();
  const unsubscribe = bus.subscribe('telephony.dial@1', handler);
  bus.publish('telephony.dial@1', { number: '11987654321', clientId: 5 });
  unsubscribe();
  bus.publish('telephony.dial@1', { number: '11987654321' });
  expect(handler).toHaveBeenCalledTimes(1);
  expect(handler).toHaveBeenCalledWith({ number: '11987654321', clientId: 5 });
});

test('a malformed payload fails at the publisher and reaches no subscriber', () => {
  const handler = jest.fn();
  const unsubscribe = bus.subscribe('telephony.answered@1', handler);
  expect(() => bus.publish('telephony.answered@1', { clientId: 'abc' })).toThrow();
  unsubscribe();
  expect(handler).not.toHaveBeenCalled();
});

test('one failing subscriber does not starve the others', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  const second = jest.fn();
  const offFirst = bus.subscribe('session.logout@1', () => {
    throw new Error('boom');
  });
  const offSecond = bus.subscribe('session.logout@1', second);
  bus.publish('session.logout@1', {});
  offFirst();
  offSecond();
  expect(second).toHaveBeenCalledTimes(1);
  expect(error).toHaveBeenCalled();
  error.mockRestore();
});

describe('retained state', () => {
  const established = { state: 'established', direction: 'incoming', remote: '11987654321' } as const;
  const ended = { state: 'terminated', direction: 'incoming', remote: '11987654321' } as const;

  afterEach(() => bus.publish('session.logout@1', {}));

  test('the bus remembers the last call state, for whoever asks later', () => {
    expect(bus.last('telephony.call-state@1')).toBeNull();
    bus.publish('telephony.call-state@1', established);
    expect(bus.last('telephony.call-state@1')).toEqual(established);
    bus.publish('telephony.call-state@1', ended);
    expect(bus.last('telephony.call-state@1')).toEqual(ended);
  });

  test('a malformed call state is refused and leaves the remembered one as it was', () => {
    bus.publish('telephony.call-state@1', established);
    expect(() => bus.publish('telephony.call-state@1', { ...established, state: 'ringing' } as never)).toThrow();
    expect(bus.last('telephony.call-state@1')).toEqual(established);
  });

  test('a subscriber already reads the new state from bus.last when it is called', () => {
    const seen: unknown[] = [];
    const unsubscribe = bus.subscribe('telephony.call-state@1', () => seen.push(bus.last('telephony.call-state@1')));
    bus.publish('telephony.call-state@1', established);
    unsubscribe();
    expect(seen).toEqual([established]);
  });

  test('logout forgets it, before the logout subscribers run', () => {
    bus.publish('telephony.call-state@1', established);
    const seenAtLogout: unknown[] = [];
    const unsubscribe = bus.subscribe('session.logout@1', () => seenAtLogout.push(bus.last('telephony.call-state@1')));
    bus.publish('session.logout@1', {});
    unsubscribe();
    expect(seenAtLogout).toEqual([null]);
    expect(bus.last('telephony.call-state@1')).toBeNull();
  });

  test('only the events declared retained are remembered', () => {
    expect(retainedBusEvents).toEqual(['telephony.call-state@1']);
    // Not retained: a late subscriber must not receive a dial again. `last` does not even accept the name.
    bus.publish('telephony.dial@1', { number: '11987654321' });
    // @ts-expect-error -- telephony.dial@1 is an announcement, not state
    expect(bus.last('telephony.dial@1')).toBeNull();
  });
});

test("an unknown caller's number travels as DDD + number: an extension or a raw address is refused at the publisher", () => {
  const handler = jest.fn();
  const unsubscribe = bus.subscribe('telephony.unknown-caller-answered@1', handler);
  bus.publish('telephony.unknown-caller-answered@1', { number: '11955551111' });
  for (const number of ['1001', '+5511955551111', '']) {
    expect(() => bus.publish('telephony.unknown-caller-answered@1', { number })).toThrow();
  }
  unsubscribe();
  expect(handler.mock.calls).toEqual([[{ number: '11955551111' }]]);
});
