/**
 * Open realtime sockets follow their session (docs/rules.md "Sign-in and sessions", issue 21 item 5): a socket
 * authenticates once, with its first message, and would otherwise keep receiving alerts for the token's whole
 * life after 'Sair', a deactivation or a demotion. Every SESSION_CHECK_MS each instance asks the database, in one
 * statement, which of its sockets' sessions are still open and with which role and company; the others are closed
 * with 4401 and a Portuguese reason (the browser then signs out). The database is what every instance shares, so
 * a change made through any instance closes the sockets of all of them within SESSION_CHECK_MS plus a query.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Person } from '@consig/shared/contracts';

/** How often the sockets' sessions are checked: within 5 s of a change, with room for the query. */
export const SESSION_CHECK_MS = 2_000;

export const SESSION_ENDED_REASON = 'Sua sessão foi encerrada. Entre novamente.';
export const ROLE_CHANGED_REASON = 'Seu perfil de acesso mudou. Entre novamente.';

/** What the watch needs of a socket (ws's WebSocket satisfies it). */
export interface WatchedSocket {
  close(code: number, reason: string): void;
  once(event: 'close', listener: () => void): unknown;
}

interface Watched {
  sessionId: string;
  person: Person;
}

/** Why the socket must close, or undefined while its session stands as it was. */
function closeReason(was: Person, now: Person | undefined): string | undefined {
  if (!now) return SESSION_ENDED_REASON;
  if (now.ID_Funcao !== was.ID_Funcao) return ROLE_CHANGED_REASON;
  return undefined;
}

export function watchSessions(options: {
  /** Of these sessions, the open ones with their person as they are now (app.sessions, auth/authenticate.ts). */
  sessions: { stillOpen(sessionIds: readonly string[]): Promise<Map<string, Person>> };
  closeCode: number;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const watched = new Map<WatchedSocket, Watched>();
  let checking = false;

  async function check(): Promise<void> {
    if (checking || watched.size === 0) return;
    checking = true;
    try {
      const sessionIds = [...new Set([...watched.values()].map((entry) => entry.sessionId))];
      const open = await options.sessions.stillOpen(sessionIds);
      for (const [socket, entry] of watched) {
        const reason = closeReason(entry.person, open.get(entry.sessionId));
        if (!reason) continue;
        watched.delete(socket);
        socket.close(options.closeCode, reason);
      }
    } catch (error) {
      // The database is away: HTTP requests fail too; the sockets are checked again at the next turn.
      options.log.warn({ err: error }, 'não foi possível conferir as sessões dos sockets');
    } finally {
      checking = false;
    }
  }

  const timer = setInterval(() => void check(), options.intervalMs ?? SESSION_CHECK_MS);
  timer.unref();
  return {
    /** Follows the socket's session until the socket closes. */
    watch(socket: WatchedSocket, sessionId: string, person: Person): void {
      watched.set(socket, { sessionId, person });
      socket.once('close', () => watched.delete(socket));
    },
    /** Checks now (tests; the timer does it otherwise). */
    check,
    stop: () => clearInterval(timer),
  };
}
