/**
 * Limits of GET /ws. A client only ever sends its token (a JWT well under 2 KB), so anything bigger is
 * refused by ws while reading the frame header, before it is buffered (the default would buffer
 * 100 MiB): the socket closes with 1009, "Message Too Big".
 */
export const WS_MAX_MESSAGE_BYTES = 16 * 1024;

/** Close code when an address or a person already holds as many sockets as allowed (cf. HTTP 429). */
export const WS_CLOSE_TOO_MANY = 4429;

export const WS_TOO_MANY_FROM_ADDRESS = 'Conexões demais a partir deste endereço. Feche outras abas e tente novamente.';
export const WS_TOO_MANY_FOR_PERSON = 'Conexões demais para este usuário. Feche outras abas do sistema e tente novamente.';

/** Counts the open sockets per key (client address) on this instance. */
export class SocketCounter {
  private readonly counts = new Map<string, number>();

  /** Takes a slot for `key` unless it already holds `max`; returns the release function, or null. */
  acquire(key: string, max: number): (() => void) | null {
    const held = this.counts.get(key) ?? 0;
    if (held >= max) return null;
    this.counts.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    };
  }
}
