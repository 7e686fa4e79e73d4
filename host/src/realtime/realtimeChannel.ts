import { bus, session, WS_CLOSE_UNAUTHORIZED } from '@consig/shared';
import { connectionNotices } from './connectionNotices';
import { catchUpOnMissedAlerts } from './realtimeMessages';
import { openRealtimeSocket, type RealtimeSocket, type SocketEnd } from './realtimeConnection';
import { reconnectDelay, STABLE_CONNECTION_MS, WS_CLOSE_TOO_MANY } from './reconnectPolicy';

export type ChannelState = 'idle' | 'connecting' | 'open' | 'waiting';

/**
 * The realtime channel of the tab (product-spec §4 "Realtime channel"): at most one socket, for the token of
 * the session, opened again by itself after a drop (reconnectPolicy.ts) until the session ends. Host and
 * remotes share it through the bus (`realtime.alert@1`, `attendance.operation-update@1`); nothing else opens
 * a socket to /ws. Alerts sent while no socket was up are lost, so a socket that opens after another one of
 * the session ended reloads the screens' data; the first socket of a session does not (the screens just
 * loaded theirs).
 */
export class RealtimeChannel {
  private url = '';
  private currentToken: string | null = null;
  private socket: RealtimeSocket | null = null;
  private opened = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** Drops in a row since the last stable connection: what the next delay doubles from. */
  private failures = 0;
  /** The current outage was already reported: retries that cannot reach the API add no toast of their own. */
  private outageReported = false;
  /** A socket of this session ended: alerts may have been missed until the next one opens. */
  private missedAlerts = false;

  get token(): string | null {
    return this.currentToken;
  }

  get state(): ChannelState {
    if (this.currentToken === null) return 'idle';
    if (this.socket) return this.opened ? 'open' : 'connecting';
    return 'waiting';
  }

  /**
   * Connects for `token` unless the channel already is connected, connecting or waiting to reconnect for it,
   * so a component mounted again never opens a second socket. Another token replaces the connection.
   */
  connect(url: string, token: string) {
    if (token === this.currentToken && url === this.url) return;
    this.disconnect();
    this.url = url;
    this.currentToken = token;
    this.open();
  }

  /** Closes the socket cleanly and stops reconnecting (logout, another person signing in). */
  disconnect() {
    clearTimeout(this.retry);
    this.retry = undefined;
    this.socket?.close();
    this.socket = null;
    this.opened = false;
    this.currentToken = null;
    this.failures = 0;
    this.outageReported = false;
    this.missedAlerts = false;
  }

  private open() {
    const token = this.currentToken;
    if (token === null) return;
    this.opened = false;
    this.socket = openRealtimeSocket(this.url, token, {
      onOpen: () => {
        this.opened = true;
        this.outageReported = false;
        connectionNotices.opened();
        if (this.missedAlerts) {
          this.missedAlerts = false;
          catchUpOnMissedAlerts();
        }
      },
      onEnd: (end) => this.ended(end),
    });
  }

  private ended(end: SocketEnd) {
    this.socket = null;
    this.opened = false;
    if (end.code === WS_CLOSE_UNAUTHORIZED) {
      // The server refused the token or it expired: the session is over, as with a 401 from the API.
      this.disconnect();
      connectionNotices.refused(end.reason);
      session.signOut();
      return;
    }
    this.missedAlerts = true;
    if (end.openForMs !== null && end.openForMs >= STABLE_CONNECTION_MS) this.failures = 0;
    if (end.code === WS_CLOSE_TOO_MANY) {
      connectionNotices.tooMany(end.reason);
      this.outageReported = true;
    } else if (end.openForMs !== null || !this.outageReported) {
      if (connectionNotices.dropped(end)) this.outageReported = true;
    }

    const delay = reconnectDelay(this.failures, end.code, Math.random());
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.open();
    }, delay);
  }
}

/** The tab's one channel. */
export const realtimeChannel = new RealtimeChannel();

// However the session ends or changes hands ('Sair', a 401, expiry, another sign-in), the socket of the old
// token closes and is not reopened (product-spec §4: logout closes the socket).
session.subscribe(() => {
  if (realtimeChannel.token !== null && session.get().token !== realtimeChannel.token) realtimeChannel.disconnect();
});
bus.subscribe('session.logout@1', () => realtimeChannel.disconnect());
