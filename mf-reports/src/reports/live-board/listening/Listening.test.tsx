import { ALERT_FLOOR_CHANGE, bus, session } from '@consig/shared';
import { fakeApi, renderScreen, signIn } from '@consig/shared/testing';
import { act, fireEvent, screen } from '@testing-library/react';
import { anAttendant, aBoard, boardAnswer, secondsAgo } from '../../../testing/floorServer';
import Reports from '../../Reports';

// 'Ouvir' in the browser: a receive-only peer connection answering the media relay's offer. jsdom has no WebRTC,
// so a stand-in RTCPeerConnection records what the page asks of it.
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  iceGatheringState = 'complete';
  connectionState = 'new';
  remote?: RTCSessionDescriptionInit;
  localDescription: { sdp: string } | null = null;
  closed = false;
  senders: unknown[] = [];
  private listeners = new Map<string, (() => void)[]>();
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'v=0\r\na=recvonly\r\n' };
  }
  async setLocalDescription(description: { sdp: string }) {
    this.localDescription = description;
  }
  addTrack() {
    throw new Error('listening never sends');
  }
  connect() {
    this.connectionState = 'connected';
    for (const listener of this.listeners.get('connectionstatechange') ?? []) listener();
  }
  close() {
    this.closed = true;
  }
}

const ana = anAttendant(7, { DE_Pessoa: 'Ana Souza', CO_Estado: 'em_ligacao', TS_Estado: secondsAgo(40) });
const bruno = anAttendant(8, { DE_Pessoa: 'Bruno Alves', CO_Estado: 'disponivel' });

let server: ReturnType<typeof fakeApi>;
const writes: { method: string; url?: string; body?: unknown }[] = [];

beforeEach(() => {
  Object.assign(globalThis, {
    RTCPeerConnection: FakePeerConnection,
    MediaStream: class {
      addTrack() {}
    },
  });
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, set() {}, get: () => null });
  FakePeerConnection.made = [];
  writes.length = 0;
  signIn({ ID_Funcao: 12 });
  server = fakeApi((request) => {
    if (request.method === 'get') return boardAnswer(aBoard({ atendentes: [ana, bruno] }));
    writes.push({ method: request.method!, url: request.url, body: request.data ? JSON.parse(String(request.data)) : undefined });
    if (request.method === 'post')
      return {
        body: {
          success: true,
          text: 'Ouvindo a ligação.',
          data: { ID_Escuta: 5, DE_Ofertas: ['v=0\r\na=sendonly\r\n', 'v=0\r\na=sendonly\r\n'] },
        },
      };
    return { body: { success: true, text: 'ok' } };
  });
});
afterEach(() => {
  server.restore();
  session.signOut();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

test("'Ouvir' answers the relay's offer receive-only, says whose call is heard, and 'Parar de ouvir' ends it", async () => {
  renderScreen(<Reports />, '/relatórios');
  await screen.findByRole('table', { name: 'Atendentes' });
  // Only someone in a call can be heard.
  expect(screen.queryByRole('button', { name: 'Ouvir Bruno Alves' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Ouvir Ana Souza' }));
  await screen.findByText('Conectando à ligação de Ana Souza…');
  await settle();
  // One receive-only connection per side of the call, each answering its offer.
  expect(FakePeerConnection.made.map((connection) => connection.remote)).toEqual([
    { type: 'offer', sdp: 'v=0\r\na=sendonly\r\n' },
    { type: 'offer', sdp: 'v=0\r\na=sendonly\r\n' },
  ]);
  expect(writes).toEqual([
    { method: 'post', url: '/relatorios/ao-vivo/7/ouvir', body: undefined },
    { method: 'put', url: '/relatorios/ao-vivo/escuta/5', body: { DE_Respostas: ['v=0\r\na=recvonly\r\n', 'v=0\r\na=recvonly\r\n'] } },
  ]);
  // Heard once both sides are connected.
  act(() => FakePeerConnection.made[0].connect());
  expect(screen.getByRole('status').textContent).toBe('Conectando à ligação de Ana Souza…');
  act(() => FakePeerConnection.made[1].connect());
  expect(screen.getByRole('status').textContent).toBe('Ouvindo a ligação de Ana Souza.');
  expect(screen.getByRole('button', { name: 'Ouvir Ana Souza' }).hasAttribute('disabled')).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Parar de ouvir' }));
  await settle();
  expect(FakePeerConnection.made.every((connection) => connection.closed)).toBe(true);
  expect(writes.at(-1)).toEqual({ method: 'delete', url: '/relatorios/ao-vivo/escuta/5', body: undefined });
  expect(screen.queryByRole('region', { name: 'Escuta' })).toBeNull();
});

test('the listening ends by itself when the call does (the row leaves that call)', async () => {
  renderScreen(<Reports />, '/relatórios');
  await screen.findByRole('table', { name: 'Atendentes' });
  fireEvent.click(screen.getByRole('button', { name: 'Ouvir Ana Souza' }));
  await settle();
  act(() => FakePeerConnection.made.forEach((connection) => connection.connect()));
  act(() =>
    bus.publish('realtime.alert@1', {
      TP_Alerta: ALERT_FLOOR_CHANGE,
      DE_Dados: { ...ana, CO_Estado: 'pos_atendimento', TS_Estado: secondsAgo(0) },
      DE_Observacao: '',
    }),
  );
  await settle();
  expect(screen.queryByRole('region', { name: 'Escuta' })).toBeNull();
  expect(FakePeerConnection.made.every((connection) => connection.closed)).toBe(true);
  expect(writes.at(-1)).toEqual({ method: 'delete', url: '/relatorios/ao-vivo/escuta/5', body: undefined });
});
