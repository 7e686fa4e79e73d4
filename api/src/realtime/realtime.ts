import type { RealtimeAlert } from '@consig/shared/contracts';
import type { Db, Notifications, Unlisten } from '../db';
import { RealtimeHub, type AlertSocket } from './hub';
import { MessageAssembler, splitMessage } from './wire';

/** Notification channel every API instance listens on for alerts. */
const REALTIME_CHANNEL = 'alerta_tempo_real';

/** What crosses the channel: whose sockets, and the alert. */
interface Envelope {
  p: number;
  a: RealtimeAlert;
}

export interface RealtimeLogger {
  error(details: object, message: string): void;
}

/**
 * Realtime alerts across API instances. `push` NOTIFYs through PostgreSQL; every instance (this one
 * too, and on PGlite only this one) LISTENs and delivers to the sockets of the person it holds in
 * its hub. One code path on both databases. Alerts sent while an instance's listening connection is
 * down do not reach that instance's sockets: realtime is a hint, the screens reload from the API. So once
 * that connection listens again (PostgreSQL only: PGlite's is in-process and never drops), every socket of
 * the instance gets `REALTIME_RESYNC` and the browser reloads its queries.
 */
export class Realtime {
  readonly hub = new RealtimeHub();
  private readonly assembler: MessageAssembler;
  private unlisten: Unlisten | null = null;

  constructor(
    private readonly db: Db & Notifications,
    private readonly log: RealtimeLogger = { error: () => undefined },
  ) {
    this.assembler = new MessageAssembler((text) => {
      const { p, a } = JSON.parse(text) as Envelope;
      this.hub.deliver(p, a);
    });
  }

  /** Starts delivering alerts pushed from any instance to this instance's sockets. */
  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = await this.db.listen(
      REALTIME_CHANNEL,
      (payload) => {
        try {
          this.assembler.accept(payload);
        } catch (err) {
          this.log.error({ err }, 'notificação de tempo real inválida');
        }
      },
      {
        onRelisten: () => {
          // Parts of a message cut by the drop will never complete.
          this.assembler.clear();
          this.hub.resyncAll();
        },
      },
    );
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.assembler.clear();
    await unlisten?.();
  }

  /** Registers an authenticated socket of this instance; returns the function that unregisters it. */
  register(personId: number, socket: AlertSocket): () => void {
    return this.hub.register(personId, socket);
  }

  /** Sockets the person holds on this instance. */
  sockets(personId: number): number {
    return this.hub.count(personId);
  }

  /**
   * Sends the alert to every socket of the person on every instance. Resolves once the database
   * accepted it (delivery follows asynchronously). Pass a transaction handle as `db` to send it only
   * if, and when, that transaction commits (and always inside one: on PGlite the outer handle would
   * deadlock). Alerts of any size: big ones travel in parts (wire.ts).
   */
  async push(personId: number, alert: RealtimeAlert, db: Db = this.db): Promise<void> {
    const payloads = splitMessage(JSON.stringify({ p: personId, a: alert } satisfies Envelope));
    const notify = async (handle: Db) => {
      for (const payload of payloads) await handle.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]);
    };
    // The parts of one alert must commit together, so receivers get all of them or none.
    await (payloads.length === 1 ? notify(db) : db.transaction(notify));
  }
}
