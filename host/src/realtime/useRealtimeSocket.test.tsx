import { bus, session, setRuntimeConfig, type BusEventName, type BusPayload } from '@consig/shared';
import { AppProviders, queryClient } from '@consig/shared/query';
import { testToken } from '@consig/shared/testing';
import { useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { toast } from 'react-hot-toast';
import { FakeWebSocket } from '../test/FakeWebSocket';
import { resetPage } from '../test/reset';
import { realtimeChannel } from './realtimeChannel';
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

const OUTAGE_WARNING = 'Ws: Erro de conexão. Code: 1006. reason=';
const TOO_MANY_REASON = 'Conexões demais para este usuário. Feche outras abas do sistema e tente novamente.';

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
  realtimeChannel.disconnect();
  uninstall();
  jest.useRealTimers();
});

const renderOwner = () =>
  render(
    <AppProviders>
      <SocketOwner />
    </AppProviders>,
  );

function connect() {
  const token = testToken();
  act(() => {
    session.signIn(token);
  });
  const view = renderOwner();
  const socket = FakeWebSocket.latest();
  act(() => socket.serverOpens());
  return { token, socket, view };
}

/** Moves the fake clock (timers tests only). */
const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

/** Whether the icon react-hot-toast renders before a toast's text is the drawn warning triangle (warningToast.ts). */
const hasWarningIcon = (text: string) => !!screen.getByText(text).previousElementSibling?.matches('svg.consig-toast-warning');

describe('useRealtimeSocket', () => {
  it('does not connect without a token', () => {
    render(<SocketOwner />);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('connects to the configured address, sends the token first and says so', async () => {
    const { token, socket } = connect();
    expect(socket.url).toBe('ws://api.test/ws');
    expect(socket.sent).toEqual([token]);
    expect(await screen.findByText('Conexão estabelecida.')).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('shows each alert as a warning and publishes it', async () => {
    const alerts = collect('realtime.alert@1');
    const updates = collect('attendance.operation-update@1');
    const { socket } = connect();

    act(() => socket.serverSends({ TP_Alerta: 5, DE_Dados: null, DE_Observacao: 'Novo lead disponível.' }));

    expect(await screen.findByText('Novo lead disponível.')).toBeTruthy();
    expect(hasWarningIcon('Novo lead disponível.')).toBe(true);
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

  it('reports a connection that breaks with code 1006 as a warning, once, without Ws ERR', async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(1006, '', { withError: true }));
    await screen.findByText(OUTAGE_WARNING);
    expect(hasWarningIcon(OUTAGE_WARNING)).toBe(true);
    expect(screen.getAllByText(OUTAGE_WARNING)).toHaveLength(1);
    expect(screen.queryByText('Ws ERR')).toBeNull();
  });

  it('reports a connection that breaks with another code as an error', async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(1011, 'falha interna'));
    await screen.findByText('Ws: Erro de conexão. Code: 1011. reason=falha interna');
    expect(hasWarningIcon('Ws: Erro de conexão. Code: 1011. reason=falha interna')).toBe(false);
    expect(screen.queryByText('Ws ERR')).toBeNull();
  });

  it("shows 'Ws ERR' for an error whose code is not 1006", async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(1011, 'falha interna', { withError: true }));
    expect(await screen.findByText('Ws ERR')).toBeTruthy();
    expect(screen.getByText('Ws: Erro de conexão. Code: 1011. reason=falha interna')).toBeTruthy();
  });

  it("shows 'Ws ERR' for an error followed by a clean close", async () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(1000, '', { wasClean: true, withError: true }));
    expect(await screen.findByText('Ws ERR')).toBeTruthy();
  });

  it('closes when the token goes away and opens a new connection for a new token', () => {
    const { socket } = connect();
    act(() => session.signOut());
    expect(socket.closedWith?.code).toBe(1000);
    const next = testToken({ ID_Pessoa: 8 });
    act(() => {
      session.signIn(next);
    });
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.latest().serverOpens());
    expect(FakeWebSocket.latest().sent).toEqual([next]);
  });
});

describe('one socket per tab', () => {
  it('keeps the socket when the component is mounted again, and opens no second one', () => {
    const { socket, view } = connect();
    view.unmount();
    renderOwner();
    expect(FakeWebSocket.instances).toEqual([socket]);
    expect(socket.closedWith).toBeNull();
  });

  it('opens one socket for several owners and under StrictMode', () => {
    act(() => {
      session.signIn(testToken());
    });
    render(
      <StrictMode>
        <SocketOwner />
        <SocketOwner />
      </StrictMode>,
    );
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.live()).toHaveLength(1);
  });

  it('opens no second socket while one is waiting to reconnect', () => {
    jest.useFakeTimers();
    const { socket, view } = connect();
    act(() => socket.cannotConnect());
    view.unmount();
    renderOwner();
    expect(FakeWebSocket.instances).toHaveLength(1);
    advance(30_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});

describe('reconnection', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    // The jitter's middle: every delay is three quarters of its doubled base (reconnectPolicy.ts).
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
  });

  /** Asserts the next socket opens exactly `delay` ms from now, and returns it. */
  function nextSocketAfter(delay: number) {
    const before = FakeWebSocket.instances.length;
    advance(delay - 1);
    expect(FakeWebSocket.instances).toHaveLength(before);
    advance(1);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    return FakeWebSocket.latest();
  }

  it('tries again after a drop, waiting 1 s doubled at each failure up to 30 s, with jitter', () => {
    const { socket } = connect();
    act(() => socket.cannotConnect());
    for (const delay of [750, 1_500, 3_000, 6_000, 12_000, 22_500, 22_500, 22_500]) {
      const retry = nextSocketAfter(delay);
      expect(retry.url).toBe('ws://api.test/ws');
      act(() => retry.cannotConnect());
    }
  });

  it('reconnects by itself once the API is back: token first, the same greeting, alerts flow again', () => {
    const alerts = collect('realtime.alert@1');
    const { token, socket } = connect();
    act(() => socket.cannotConnect());
    act(() => nextSocketAfter(750).cannotConnect());

    const back = nextSocketAfter(1_500);
    act(() => {
      toast.remove();
      back.serverOpens();
    });
    expect(back.sent).toEqual([token]);
    expect(screen.getByText('Conexão estabelecida.')).toBeTruthy();
    act(() => back.serverSends({ TP_Alerta: 7, DE_Dados: null, DE_Observacao: 'Depois do reinício.' }));
    expect(screen.getByText('Depois do reinício.')).toBeTruthy();
    expect(alerts).toEqual([{ TP_Alerta: 7, DE_Dados: null, DE_Observacao: 'Depois do reinício.' }]);
    expect(FakeWebSocket.live()).toEqual([back]);
  });

  it('reports an outage once, not at every retry that cannot reach the API', () => {
    const { socket } = connect();
    act(() => socket.cannotConnect());
    expect(screen.getAllByText(OUTAGE_WARNING)).toHaveLength(1);
    act(() => nextSocketAfter(750).cannotConnect());
    act(() => nextSocketAfter(1_500).cannotConnect());
    expect(screen.getAllByText(OUTAGE_WARNING)).toHaveLength(1);
  });

  it('starts the schedule over after a connection that stayed up 10 s, not after a short one', () => {
    const { socket } = connect();
    act(() => socket.cannotConnect());
    const short = nextSocketAfter(750);
    act(() => short.serverOpens());
    advance(9_000);
    act(() => short.connectionBreaks(1006));
    const stable = nextSocketAfter(1_500);
    act(() => stable.serverOpens());
    advance(10_000);
    act(() => stable.connectionBreaks(1006));
    nextSocketAfter(750);
  });

  it('says why and waits a minute when the API refuses one more socket (4429)', () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(4429, TOO_MANY_REASON, { wasClean: true }));
    expect(screen.getByText(`${TOO_MANY_REASON} Nova tentativa automática em cerca de 1 minuto.`)).toBeTruthy();
    expect(screen.queryByText(/^Ws/)).toBeNull();
    advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    nextSocketAfter(7_500);
  });

  it('does not reconnect after logout, even with a retry pending', () => {
    const { socket } = connect();
    act(() => bus.publish('session.logout@1', {}));
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'logout' });
    act(() => socket.connectionBreaks(1000, '', { wasClean: true }));
    expect(screen.queryByText(/Ws/)).toBeNull();

    act(() => {
      session.signIn(testToken({ ID_Pessoa: 9 }));
    });
    const second = FakeWebSocket.latest();
    act(() => second.cannotConnect());
    act(() => session.signOut());
    advance(120_000);
    expect(FakeWebSocket.instances).toEqual([socket, second]);
    expect(realtimeChannel.state).toBe('idle');
  });

  it('ends the session, saying why, and does not reconnect when the server refuses the token', () => {
    const { socket } = connect();
    act(() => socket.connectionBreaks(4401, 'Sessão expirada.', { wasClean: true }));
    expect(session.get().token).toBeNull();
    expect(screen.getByText('Sessão expirada.')).toBeTruthy();
    advance(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('catching up on missed alerts', () => {
  const invalidations = () => jest.spyOn(queryClient, 'invalidateQueries');

  it('does not reload the screens on the first connection of the session', () => {
    const invalidate = invalidations();
    connect();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reloads the screens once when the socket comes back after a drop, not at each failed retry', () => {
    jest.useFakeTimers();
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const invalidate = invalidations();
    const { socket } = connect();
    act(() => socket.connectionBreaks(1006));
    advance(750);
    act(() => FakeWebSocket.latest().cannotConnect());
    advance(1_500);
    expect(invalidate).not.toHaveBeenCalled();
    const back = FakeWebSocket.latest();
    act(() => back.serverOpens());
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('starts over with a new session: its first connection reloads nothing', () => {
    jest.useFakeTimers();
    const invalidate = invalidations();
    const { socket } = connect();
    act(() => socket.cannotConnect());
    act(() => session.signOut());
    act(() => {
      session.signIn(testToken({ ID_Pessoa: 8 }));
    });
    act(() => FakeWebSocket.latest().serverOpens());
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reloads the active queries on a resync message, which is neither shown nor published as an alert', async () => {
    const alerts = collect('realtime.alert@1');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fetches = 0;
    function Screen() {
      const { data } = useQuery({ queryKey: ['/teste/contagem'], queryFn: async () => ++fetches });
      return <p>{`carregado ${data ?? 0}`}</p>;
    }
    act(() => {
      session.signIn(testToken());
    });
    render(
      <AppProviders>
        <SocketOwner />
        <Screen />
      </AppProviders>,
    );
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpens());
    expect(await screen.findByText('carregado 1')).toBeTruthy();

    act(() => socket.serverSends({ type: 'resync' }));
    expect(await screen.findByText('carregado 2')).toBeTruthy();
    expect(fetches).toBe(2);
    expect(alerts).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
