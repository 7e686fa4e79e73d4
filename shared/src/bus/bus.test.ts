import { bus } from './bus';

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
