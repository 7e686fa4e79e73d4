import { Writable } from 'node:stream';
import { startTestApp, type TestApp } from './harness';
import { eventually } from './eventually';
import { closeOf, wsClients } from './wsClient';

// A client that sends more than the realtime limit is the client's fault (a 4xx, so to speak): the server
// closes its socket with 1009 and notes it at warn. At error it would page whoever watches errors.
let t: TestApp;
const entries: { level: number; msg?: string; code?: string; err?: { code?: string } }[] = [];
const clients = wsClients();

beforeAll(async () => {
  t = await startTestApp({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          entries.push(JSON.parse(chunk.toString()));
          done();
        },
      }),
    },
  });
});
afterEach(() => clients.closeAll());
afterAll(() => t.close());

const WARN = 40;
const ERROR = 50;

it('logs an oversized realtime message at warn, not error, and still closes the socket with 1009', async () => {
  const client = await clients.connect(t, '10.30.0.1');
  client.socket.send('x'.repeat(1024 * 1024));
  expect((await closeOf(client)).code).toBe(1009);

  // Before: @fastify/websocket's own listener logged ws's RangeError at error, with its stack.
  const tooBig = (entry: (typeof entries)[number]) => (entry.code ?? entry.err?.code) === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
  await eventually(() => entries.some(tooBig));
  expect(entries.filter(tooBig).map(({ level, msg }) => ({ level, msg }))).toEqual([
    { level: WARN, msg: 'mensagem do cliente recusada pelo WebSocket: conexão fechada' },
  ]);
  expect(entries.filter((entry) => entry.level >= ERROR)).toEqual([]);
});
