import { REALTIME_RESYNC } from '@consig/shared/contracts';
import { RealtimeHub, type AlertSocket } from './hub';

const fakeSocket = (readyState = 1) => {
  const received: unknown[] = [];
  const socket: AlertSocket = { readyState, send: (data) => received.push(JSON.parse(data.toString())) };
  return { socket, received };
};
const alert = { TP_Alerta: 1, DE_Dados: { ok: true }, DE_Observacao: 'Olá' };

describe('RealtimeHub', () => {
  it("delivers to every open socket of the person and to nobody else's", () => {
    const hub = new RealtimeHub();
    const tab1 = fakeSocket();
    const tab2 = fakeSocket();
    const other = fakeSocket();
    hub.register(1, tab1.socket);
    hub.register(1, tab2.socket);
    hub.register(2, other.socket);

    expect(hub.deliver(1, alert)).toBe(2);
    expect(tab1.received).toEqual([alert]);
    expect(tab2.received).toEqual([alert]);
    expect(other.received).toEqual([]);
  });

  it('stops delivering after unregistering and skips sockets that are not open', () => {
    const hub = new RealtimeHub();
    const open = fakeSocket();
    const closing = fakeSocket(2);
    const unregister = hub.register(1, open.socket);
    hub.register(1, closing.socket);

    expect(hub.deliver(1, alert)).toBe(1);
    unregister();
    expect(hub.deliver(1, alert)).toBe(0);
    expect(open.received).toHaveLength(1);
    expect(closing.received).toHaveLength(0);
    expect(hub.deliver(99, alert)).toBe(0);
  });

  it('sends the resync message to every open socket of every person', () => {
    const hub = new RealtimeHub();
    const ana = fakeSocket();
    const bruno = fakeSocket();
    const closing = fakeSocket(2);
    hub.register(1, ana.socket);
    hub.register(2, bruno.socket);
    hub.register(2, closing.socket);

    expect(hub.resyncAll()).toBe(2);
    expect(ana.received).toEqual([{ type: 'resync' }]);
    expect(bruno.received).toEqual([REALTIME_RESYNC]);
    expect(closing.received).toEqual([]);
  });
});
