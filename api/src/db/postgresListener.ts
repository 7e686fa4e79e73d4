import { Client } from 'pg';
import { assertChannel, type Notifications, type Unlisten } from './db';

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 10_000;

type Handler = (payload: string) => void;

/**
 * LISTEN on a PostgreSQL server. A pooled connection cannot listen (it goes back to the pool), so
 * this keeps ONE dedicated connection for every channel of a `Database`. When that connection breaks
 * (server restart, network, pg_terminate_backend) it reconnects with a growing delay and listens to
 * every channel again; what was notified in between is lost (see `Notifications`).
 */
export class PostgresListener implements Notifications {
  private readonly handlers = new Map<string, Set<Handler>>();
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs = RECONNECT_FIRST_MS;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  async listen(channel: string, onPayload: Handler): Promise<Unlisten> {
    assertChannel(channel);
    if (this.closed) throw new Error('The database is closed');
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    try {
      const client = await this.connect();
      // A fresh connection already listened to every channel in the map; LISTEN twice is harmless.
      if (first) await client.query(`listen ${channel}`);
    } catch (err) {
      this.remove(channel, onPayload);
      throw err;
    }
    return async () => {
      if (!this.remove(channel, onPayload) || !this.client) return;
      await this.client.query(`unlisten ${channel}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Removes a handler; true when it was the channel's last one. */
  private remove(channel: string, onPayload: Handler): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(onPayload) || set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  private connect(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<Client> {
    // keepAlive: a silently dead TCP connection (a vanished server) is detected and replaced.
    const client = new Client({ connectionString: this.connectionString, keepAlive: true });
    client.on('notification', ({ channel, payload }) => {
      for (const handler of this.handlers.get(channel) ?? []) {
        try {
          handler(payload ?? '');
        } catch (err) {
          this.log(`PostgreSQL: falha ao tratar notificação em ${channel}: ${(err as Error).message}`);
        }
      }
    });
    // Without an 'error' listener a broken connection would crash the process.
    client.on('error', (err) => this.lost(client, err.message));
    client.on('end', () => this.lost(client, 'conexão encerrada'));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('The database is closed');
    }
    this.client = client;
    this.reconnectDelayMs = RECONNECT_FIRST_MS;
    return client;
  }

  private lost(client: Client, reason: string): void {
    if (this.client !== client) return; // an old or never-established connection
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.log(`PostgreSQL: conexão de LISTEN perdida (${reason}); reconectando`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer || this.handlers.size === 0) return;
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect().catch((err: Error) => {
        this.log(`PostgreSQL: nova conexão de LISTEN falhou (${err.message}); tentando de novo`);
        this.scheduleReconnect();
      });
    }, delay);
    this.reconnectTimer.unref();
  }
}
