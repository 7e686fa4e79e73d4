import { bus, session, setRuntimeConfig, type BusEventName, type BusPayload } from '@consig/shared';
import { AppProviders } from '@consig/shared/query';
import { act, render, screen } from '@testing-library/react';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { resetPage } from '../test/reset';
import { testToken } from '@consig/shared/testing';
import { useRealtimeSocket } from './useRealtimeSocket';

function SocketOwner() {
  useRealtimeSocket();
  return null;
}

function collect<N extends BusEventName>(name: N) {
  const received: BusPayload<N>[] = [];
  stops.push(bus.subscribe(name, (payload) => received.push(payload)));
  return received;
}

let uninstall: () => void;
let stops: (() => void)[] = [];
beforeEach(() => {
  uninstall = FakeWebSocket.install();
  setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' });
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  resetPage();
  uninstall();
});

function connect() {
  const token = testToken();
  act(() => {
    session.signIn(token);
  });
  render(
    <AppProviders>
      <SocketOwner />
    </AppProviders>,
  );
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  return { token, socket };
}

describe('useRealtimeSocket', () => {
  it('does not connect without a token', () => {
    render(<SocketOwner />);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('connects to the configured address, sends the token first and says so', async () => {
    const { token, socket } = connect();
    expect(socket.url).toBe('ws://api.test/ws');
    expect(socket.sent[0]).toBe(token);
    expect(await screen.findByText('Conexão estabelecida.')).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('shows each alert as a warning and publishes it', async () => {
    const alerts = collect('realtime.alert@1');
    const updates = collect('attendance.operation-update@1');
    const { socket } = connect();

    act(() => socket.serverSends({ TP_Alerta: 5, DE_Dados: null, DE_Observacao: 'Novo lead disponível.' }));

    expect(await screen.findByText('Novo lead disponível.')).toBeTruthy();
    expect(alerts).toEqual([{ TP_Alerta: 5, DE_Dados: null, DE_Observacao: 'Novo lead disponível.' }]);
    expect(updates).toEqual([]);
  });

  it('publishes alert 1087 as an operation update', async () => {
    const updates = collect('attendance.operation-update@1');
    const { socket } = connect();
    const operation = { OperacaoID: 9, ID_Cliente: 3, VL_Liquido: 1520.5 };

    act(() => socket.serverSends({ TP_Alerta: 1087, DE_Dados: operation, DE_Observacao: 'Saldo FGTS consultado.' }));

    expect(await screen.findByText('Saldo FGTS consultado.')).toBeTruthy();
    expect(updates).toEqual([{ operation }]);
  });

  it('ignores a message that is not an alert', () => {
    const alerts = collect('realtime.alert@1');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { socket } = connect();
    act(() => socket.serverSends('não é JSON'));
    act(() => socket.serverSends({ qualquer: 'coisa' }));
    expect(alerts).toEqual([]);
  });

  it('reports a connection that breaks with code 1006 as a warning, once', async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(1006, '', { withError: true }));
    const message = await screen.findByText('Ws: Erro de conexão. Code: 1006. reason=');
    expect(message.previousElementSibling?.textContent).toBe('⚠️');
    expect(screen.queryByText('Ws ERR')).toBeNull();
  });

  it('reports a connection that breaks with another code as an error', async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(1011, 'falha interna'));
    const message = await screen.findByText('Ws: Erro de conexão. Code: 1011. reason=falha interna');
    expect(message.previousElementSibling?.textContent).not.toBe('⚠️');
  });

  it("shows 'Ws ERR' for an error followed by a clean close", async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(1000, '', { wasClean: true, withError: true }));
    expect(await screen.findByText('Ws ERR')).toBeTruthy();
  });

  it('closes cleanly on logout, without reporting an error', () => {
    const { socket } = connect();
    act(() => bus.publish('session.logout@1', {}));
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'logout' });
    act(() => socket.connectionBreaks(1000, '', { wasClean: true }));
    expect(screen.queryByText(/Ws/)).toBeNull();
  });

  it('closes when the token goes away and opens a new connection for a new token', () => {
    const { socket } = connect();
    act(() => session.signOut());
    expect(socket.closedWith?.code).toBe(1000);
    act(() => {
      session.signIn(testToken());
    });
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest()).not.toBe(socket);
  });

  it('ends the session, saying why, when the server refuses the token', async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(4401, 'Sessão expirada.', { wasClean: true }));
    expect(session.get().token).toBeNull();
    expect(await screen.findByText('Sessão expirada.')).toBeTruthy();
  });
});
