import { handleRealtimeMessage } from './realtimeMessages';

/** A clean, intentional close (logout, another token). */
const NORMAL_CLOSURE = 1000;

/** How a socket ended when this side did not close it. */
export interface SocketEnd {
  code: number;
  reason: string;
  wasClean: boolean;
  /** An error event came before the close. */
  errored: boolean;
  /** How long it had been open; null when it never opened (the server could not be reached). */
  openForMs: number | null;
}

export interface RealtimeSocket {
  /** Closes cleanly (code 1000) and silences the socket's handlers: `onEnd` is not called. Safe to call twice. */
  close(): void;
}

/**
 * One socket of the realtime channel (product-spec §7 "Realtime"): the token goes as the first message and
 * each message is an alert (realtimeMessages.ts). Telling the user about the connection, and opening another
 * socket after a drop, is the channel's part (realtimeChannel.ts).
 */
export function openRealtimeSocket(
  url: string,
  token: string,
  handlers: { onOpen: () => void; onEnd: (end: SocketEnd) => void },
): RealtimeSocket {
  const socket = new WebSocket(url);
  let closedByUs = false;
  let errored = false;
  let openedAt: number | null = null;

  socket.onopen = () => {
    if (closedByUs) return;
    openedAt = Date.now();
    socket.send(token);
    handlers.onOpen();
  };
  socket.onmessage = (event: MessageEvent) => {
    if (!closedByUs) handleRealtimeMessage(event.data);
  };
  // A browser always follows an error with a close, which carries the code: both are reported there, once.
  socket.onerror = () => {
    errored = true;
  };
  socket.onclose = (event: CloseEvent) => {
    if (closedByUs) return;
    closedByUs = true; // nothing more comes from this socket
    const openForMs = openedAt === null ? null : Date.now() - openedAt;
    handlers.onEnd({ code: event.code, reason: event.reason, wasClean: event.wasClean, errored, openForMs });
  };

  return {
    close() {
      if (closedByUs) return;
      closedByUs = true;
      socket.close(NORMAL_CLOSURE, 'logout');
    },
  };
}
