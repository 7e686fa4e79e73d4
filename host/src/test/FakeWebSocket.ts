/** A WebSocket stand-in the tests drive by hand: open it, push messages, drop the connection. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(public url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.readyState = FakeWebSocket.CLOSED;
  }

  // What the server side would do:
  serverOpens() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  serverSends(message: unknown) {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    this.onmessage?.({ data } as MessageEvent);
  }

  /** What a browser reports when the server cannot be reached (an API restarting): an error, then close 1006. */
  cannotConnect() {
    this.connectionBreaks(1006, '', { withError: true });
  }

  connectionBreaks(code: number, reason = '', { wasClean = false, withError = false } = {}) {
    if (withError) this.onerror?.(new Event('error'));
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code, reason, wasClean } as CloseEvent);
  }

  static install() {
    FakeWebSocket.instances = [];
    const original = globalThis.WebSocket;
    globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
    return () => {
      globalThis.WebSocket = original;
    };
  }

  /** Sockets the page has not closed (a dropped one counts as closed). */
  static live() {
    return FakeWebSocket.instances.filter((socket) => socket.readyState !== FakeWebSocket.CLOSED);
  }

  static latest() {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('nenhum WebSocket foi aberto');
    return socket;
  }
}
