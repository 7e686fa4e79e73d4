import WebSocket from 'ws';
import type { RealtimeAlert } from '@consig/shared/contracts';
import { eventually } from './eventually';
import { decodeToken, type TestApp } from './harness';

/** A /ws client that records what it receives and how it was closed. */
export interface WsClient {
  socket: WebSocket;
  received: RealtimeAlert[];
  closed: Promise<{ code: number; reason: string }>;
  /** Whether the close arrived yet. */
  isClosed(): boolean;
}

export interface Person {
  token: string;
  id: number;
}

/** Signs a demo user in and returns the token and ID_Pessoa. */
export async function person(t: TestApp, email: string): Promise<Person> {
  const token = await t.login(email);
  return { token, id: decodeToken(token).pessoa.ID_Pessoa as number };
}

export const alert = (text: string): RealtimeAlert => ({ TP_Alerta: 1087, DE_Dados: { OperacaoID: 1 }, DE_Observacao: text });

/**
 * Opens sockets and terminates them all in `closeAll` (call it in afterEach). `address` becomes
 * X-Forwarded-For (the test apps trust it), so each test can have its own client address.
 */
export function wsClients() {
  const open: WebSocket[] = [];
  return {
    /** `autoPong: false` plays a client that vanished without closing (it never answers a ping). */
    async connect(t: TestApp, address = '127.0.0.1', { autoPong = true } = {}): Promise<WsClient> {
      const socket = new WebSocket(`${t.url.replace('http', 'ws')}/ws`, { headers: { 'x-forwarded-for': address }, autoPong });
      open.push(socket);
      const received: RealtimeAlert[] = [];
      let done = false;
      socket.on('message', (data) => received.push(JSON.parse(data.toString())));
      // A refused client sees the server's close; ws also reports the 1009 as an error first.
      socket.on('error', () => undefined);
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.on('close', (code, reason) => {
          done = true;
          resolve({ code, reason: reason.toString() });
        }),
      );
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, received, closed, isClosed: () => done };
    },
    closeAll() {
      for (const socket of open.splice(0)) socket.terminate();
    },
  };
}

/** How the socket was closed, or a failure when it stays open. */
export async function closeOf(client: WsClient, timeoutMs = 5000) {
  await eventually(client.isClosed, timeoutMs);
  return client.closed;
}

/**
 * Makes every client of the person drop what it received so far: pushes a marker through `via` and
 * waits until each client's last message is that marker (messages on a socket arrive in order).
 */
export async function settle(via: TestApp, id: number, clients: WsClient[]) {
  const marker = alert(`marcador ${Math.random()}`);
  await via.app.realtime.push(id, marker);
  await eventually(() => clients.every((c) => c.received.at(-1)?.DE_Observacao === marker.DE_Observacao));
  for (const client of clients) client.received.length = 0;
}

/**
 * Sends the person's token and waits until pushes (raised on `via`, default the socket's own app)
 * reach the socket; fails when the socket is closed instead.
 */
export async function authenticate(client: WsClient, who: Person, via: TestApp) {
  client.socket.send(who.token);
  await eventually(async () => {
    if (client.isClosed()) throw new Error(`socket closed: ${JSON.stringify(await client.closed)}`);
    if (client.received.length > 0) return true;
    await via.app.realtime.push(who.id, alert('pronto'));
    return false;
  });
  await settle(via, who.id, [client]);
  return client;
}
