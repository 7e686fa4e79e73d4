import { Client } from 'pg';
import { assertChannel, type ListenOptions, type Notifications, type Unlisten } from './db';

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 10_000;

/** One `listen` call: its payload handler and its options. */
interface Subscription extends ListenOptions {
  onPayload: (payload: string) => void;
}

/**
 * LISTEN on a PostgreSQL server. A pooled connection cannot listen (it goes back to the pool), so
 * this keeps ONE dedicated connection for every channel of a `Database`. When that connection breaks
 * (server restart, network, pg_terminate_backend) it reconnects with a growing delay and listens to
 * every channel again; what was notified in between is lost (see `Notifications`), which subscriptions
 * with `onRelisten` are then told.
 */
export class PostgresListener implements Notifications {
  private readonly handlers = new Map<string, Set<Subscription>>();
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs = RECONNECT_FIRST_MS;
  private closed = false;
  /** A connection was lost since the last one that listened: the next one tells the subscriptions (`onRelisten`). */
  private dropped = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  async listen(channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): Promise<Unlisten> {
    assertChannel(channel);
    if (this.closed) throw new Error('The database is closed');
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    const subscription: Subscription = { ...options, onPayload };
    set.add(subscription);
    try {
      const client = await this.connect();
      // A fresh connection already listened to every channel in the map; LISTEN twice is harmless.
      if (first) await client.query(`listen ${channel}`);
    } catch (err) {
      this.remove(channel, subscription);
      throw err;
    }
    return async () => {
      if (!this.remove(channel, subscription) || !this.client) return;
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

  /** Removes a subscription; true when it was the channel's last one. */
  private remove(channel: string, subscription: Subscription): boolean {
    const set = this.handlers.get(channel);
    if (!set?.delete(subscription) || set.size > 0) return false;
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
      for (const { onPayload } of this.handlers.get(channel) ?? []) {
        try {
          onPayload(payload ?? '');
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
    if (this.dropped) {
      this.dropped = false;
      this.relistened();
    }
    return client;
  }

  private relistened(): void {
    for (const [channel, set] of this.handlers) {
      for (const { onRelisten } of set) {
        try {
          onRelisten?.();
        } catch (err) {
          this.log(`PostgreSQL: falha ao tratar a reconexão em ${channel}: ${(err as Error).message}`);
        }
      }
    }
  }

  private lost(client: Client, reason: string): void {
    if (this.client !== client) return; // an old or never-established connection
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.dropped = true;
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
