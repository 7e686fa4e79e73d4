import { REALTIME_RESYNC, type RealtimeAlert } from '@consig/shared/contracts';

/** The part of a WebSocket the hub needs (ws's WebSocket satisfies it). */
export interface AlertSocket {
  readonly readyState: number;
  /** ws sends a Buffer as it is (`binary: false`: a text frame), without encoding it again per socket. */
  send(data: Buffer, options: { binary: boolean }): void;
}

const OPEN = 1;

/**
 * The authenticated sockets of THIS API instance by ID_Pessoa (a person may have several tabs open)
 * and local delivery. Alerts reach it through `Realtime` (realtime.ts), which fans them out to every
 * instance through PostgreSQL NOTIFY.
 */
export class RealtimeHub {
  private readonly sockets = new Map<number, Set<AlertSocket>>();

  /** Registers a socket; returns the function that unregisters it (call it on close). */
  register(personId: number, socket: AlertSocket): () => void {
    let set = this.sockets.get(personId);
    if (!set) this.sockets.set(personId, (set = new Set()));
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(personId) === set) this.sockets.delete(personId);
    };
  }

  /** Sockets registered for the person here (open or closing). */
  count(personId: number): number {
    return this.sockets.get(personId)?.size ?? 0;
  }

  /** Sends the alert to every open socket of the person on this instance; returns how many got it. */
  deliver(personId: number, alert: RealtimeAlert): number {
    // Encoded once for every socket of the person: with thousands of sockets, per-socket work is what costs.
    const message = Buffer.from(JSON.stringify(alert));
    let delivered = 0;
    for (const socket of this.sockets.get(personId) ?? []) {
      if (socket.readyState !== OPEN) continue;
      socket.send(message, { binary: false });
      delivered += 1;
    }
    return delivered;
  }

  /** Tells every open socket on this instance to reload what it shows (alerts may have been lost); returns how many. */
  resyncAll(): number {
    const message = Buffer.from(JSON.stringify(REALTIME_RESYNC));
    let sent = 0;
    for (const set of this.sockets.values()) {
      for (const socket of set) {
        if (socket.readyState !== OPEN) continue;
        socket.send(message, { binary: false });
        sent += 1;
      }
    }
    return sent;
  }
}
