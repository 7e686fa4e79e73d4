import { TimedWebSocket } from './timedWebSocket';

/** A WebSocket that never opens (a server swallowing the handshake); the test opens it when it wants. */
class StalledWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  binaryType = 'blob';
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  close = jest.fn();
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

let created: StalledWebSocket[];
const realWebSocket = globalThis.WebSocket;
beforeEach(() => {
  created = [];
  jest.useFakeTimers();
  globalThis.WebSocket = jest.fn(() => {
    const socket = new StalledWebSocket();
    created.push(socket);
    return socket;
  }) as unknown as typeof WebSocket;
});
afterEach(() => {
  globalThis.WebSocket = realWebSocket;
  jest.useRealTimers();
});

function connect() {
  const socket = new TimedWebSocket('wss://sip.consig.local/ws', 5_000);
  const events = { connected: jest.fn(), disconnected: jest.fn() };
  Object.assign(socket, { onconnect: events.connected, ondisconnect: events.disconnected, ondata: () => {} });
  socket.connect();
  return { socket, events };
}

test('a connection still not open after the timeout is dropped and reported as a failure', () => {
  const { events } = connect();
  jest.advanceTimersByTime(4_999);
  expect(events.disconnected).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(events.disconnected).toHaveBeenCalledWith(true, 4008, 'Connection timeout');
  expect(created[0].close).toHaveBeenCalled();
  created[0].open(); // a late open is not heard: the handlers were unbound
  expect(events.connected).not.toHaveBeenCalled();
});

test('a connection that opens in time is kept', () => {
  const { events } = connect();
  created[0].open();
  jest.advanceTimersByTime(10_000);
  expect(events.connected).toHaveBeenCalledTimes(1);
  expect(events.disconnected).not.toHaveBeenCalled();
});
