import { REALTIME_RESYNC } from '@consig/shared/contracts';
import type { Db, ListenOptions, Notifications } from '../db';
import type { AlertSocket } from './hub';
import { Realtime } from './realtime';

/** A database whose LISTEN the test drives by hand: notify, and tell the handler it listens again after a drop. */
function fakeDatabase() {
  let subscription: (ListenOptions & { onPayload: (payload: string) => void }) | undefined;
  const db = {
    listen: async (_channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}) => {
      subscription = { ...options, onPayload };
      return async () => undefined;
    },
  } as unknown as Db & Notifications;
  return {
    db,
    notify: (payload: string) => subscription?.onPayload(payload),
    relistened: () => subscription?.onRelisten?.(),
  };
}

const socket = () => {
  const received: unknown[] = [];
  const s: AlertSocket = { readyState: 1, send: (data) => received.push(JSON.parse(data.toString())) };
  return { socket: s, received };
};

describe('Realtime', () => {
  it('tells every socket of the instance to reload once its LISTEN connection is back, and drops cut messages', async () => {
    const database = fakeDatabase();
    const realtime = new Realtime(database.db);
    await realtime.start();
    const ana = socket();
    const bruno = socket();
    realtime.register(1, ana.socket);
    realtime.register(2, bruno.socket);
    database.notify('m1:0:2:{"p":1,');

    database.relistened();
    expect(ana.received).toEqual([REALTIME_RESYNC]);
    expect(bruno.received).toEqual([REALTIME_RESYNC]);
    // The first part of a message cut by the drop is not completed by a later part with the same id.
    database.notify('m1:1:2:"a":{"TP_Alerta":1,"DE_Dados":null,"DE_Observacao":"x"}}');
    expect(ana.received).toEqual([REALTIME_RESYNC]);
    await realtime.stop();
  });
});
