import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_CLOSE_UNAUTHORIZED } from '@consig/shared/contracts';
import { SocketCounter, WS_CLOSE_TOO_MANY, WS_TOO_MANY_FOR_PERSON, WS_TOO_MANY_FROM_ADDRESS } from './limits';
import { watchSessions } from './sessionWatch';

/** Longest delay setTimeout accepts (~24.8 days): with an odd JWT_TTL_HOURS the socket closes early, never late. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** A refused client that does not answer the close frame is cut off after this, not ws's 30 s. */
const REFUSED_GRACE_MS = 1_000;

export interface RealtimeOptions {
  /** How long a new socket may take to send its token (10 s). */
  authTimeoutMs?: number;
  /** Sockets one client address may hold on this instance, signed in or not (config: WS_MAX_SOCKETS_PER_ADDRESS). */
  maxSocketsPerAddress?: number;
  /** Sockets one person may hold on this instance (config: WS_MAX_SOCKETS_PER_PERSON). */
  maxSocketsPerPerson?: number;
  /** Every this often each socket is pinged; one that did not answer the previous ping is cut off (30 s). */
  heartbeatMs?: number;
  /** Every this often the sockets' sessions are checked (sessionWatch.ts, 2 s). */
  sessionCheckMs?: number;
}

/**
 * Finds dead sockets: a client that vanished without closing (laptop lid, lost Wi-Fi, a proxy that dropped
 * the connection) would otherwise hold its slot of the per-person and per-address limits, and receive
 * pushes into a void, until TCP gives up hours later. Browsers answer pings by themselves. One timer for
 * every socket of the instance, not one per socket.
 */
function startHeartbeat(intervalMs: number) {
  const answered = new Map<WebSocket, boolean>();
  const timer = setInterval(() => {
    for (const [socket, alive] of answered) {
      if (!alive) {
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return {
    watch(socket: WebSocket) {
      answered.set(socket, true);
      socket.on('pong', () => answered.set(socket, true));
      socket.once('close', () => answered.delete(socket));
    },
    stop: () => clearInterval(timer),
  };
}

/** Closes with a code and reason, and drops the connection if the client does not complete the close. */
function refuse(socket: WebSocket, code: number, reason: string): void {
  socket.close(code, reason);
  const cut = setTimeout(() => socket.terminate(), REFUSED_GRACE_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}

/**
 * Takes over the socket's errors from @fastify/websocket, whose own listener logs every one at error (its
 * `errorHandler` option is app-wide). ws reports a frame it refuses (a message over WS_MAX_MESSAGE_BYTES,
 * which it closes with 1009; a broken frame, 1002 or 1007) as an error carrying a WS_ERR_ code, after closing
 * the socket with that code: the client's fault, so warn; anything else is ours, so error. Either way the
 * socket is then cut off, as the plugin does.
 */
function handleSocketErrors(socket: WebSocket, request: FastifyRequest): void {
  socket.removeAllListeners('error');
  socket.on('error', (error: Error & { code?: unknown }) => {
    if (typeof error.code === 'string' && error.code.startsWith('WS_ERR_')) {
      request.log.warn({ req: request, code: error.code }, 'mensagem do cliente recusada pelo WebSocket: conexão fechada');
    } else {
      request.log.error({ req: request, err: error }, 'erro no WebSocket');
    }
    socket.terminate();
  });
}

/**
 * GET /ws. Browsers cannot set headers on a WebSocket, so the JWT comes as the first message.
 * Until it is verified the socket is not registered and receives nothing; a bad token, or none
 * in time, closes it with 4401. The socket is also closed with 4401 when its token expires, and within seconds
 * of its session ending ('Sair', the person deactivated, demoted or moved: sessionWatch.ts).
 * Limits (limits.ts): messages over 16 KiB close it with 1009 (logged at warn); an address or a person over its
 * number of sockets has the extra socket closed with 4429. Limits count this instance's sockets. A socket
 * that does not answer a ping within a heartbeat interval (30 s) is cut off.
 * (@fastify/websocket hides WebSocket routes from OpenAPI; http/docs.ts describes /ws in prose.)
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;
  const maxPerAddress = options.maxSocketsPerAddress ?? app.config.realtime.maxSocketsPerAddress;
  const maxPerPerson = options.maxSocketsPerPerson ?? app.config.realtime.maxSocketsPerPerson;
  const perAddress = new SocketCounter();
  const heartbeat = startHeartbeat(options.heartbeatMs ?? 30_000);
  app.addHook('onClose', async () => heartbeat.stop());
  const sessionWatch = watchSessions({
    sessions: app.sessions,
    closeCode: WS_CLOSE_UNAUTHORIZED,
    log: app.log,
    intervalMs: options.sessionCheckMs,
  });
  app.addHook('onClose', async () => sessionWatch.stop());

  app.get('/ws', { websocket: true }, (socket, request) => {
    handleSocketErrors(socket, request);
    // request.ip follows TRUST_PROXY, like sign-in throttling.
    const release = perAddress.acquire(request.ip, maxPerAddress);
    if (!release) {
      refuse(socket, WS_CLOSE_TOO_MANY, WS_TOO_MANY_FROM_ADDRESS);
      return;
    }
    socket.once('close', release);
    heartbeat.watch(socket);

    const deadline = setTimeout(() => socket.close(WS_CLOSE_UNAUTHORIZED, 'Token não enviado.'), authTimeoutMs);
    socket.once('close', () => clearTimeout(deadline));

    socket.once('message', async (data) => {
      clearTimeout(deadline);
      const token = data
        .toString()
        .trim()
        .replace(/^Bearer\s+/i, '');
      // The session check, like every HTTP request's, refuses a revoked session and a person deleted, deactivated
      // or moved to another company since the token was issued.
      const current = await app.sessions.current(token);
      if (socket.readyState !== socket.OPEN) return; // closed while the person was looked up
      if (!current) {
        socket.close(WS_CLOSE_UNAUTHORIZED, 'Sessão expirada ou inválida.');
        return;
      }
      const { person } = current;
      const personId = person.ID_Pessoa;
      if (app.realtime.sockets(personId) >= maxPerPerson) {
        refuse(socket, WS_CLOSE_TOO_MANY, WS_TOO_MANY_FOR_PERSON);
        return;
      }
      const unregister = app.realtime.register(personId, socket);
      // 'Sair', a deactivation or a demotion closes it within seconds (sessionWatch.ts).
      sessionWatch.watch(socket, current.sessionId, person);
      // A signed-in socket is the attendant at the desk (docs/rules.md "Attendant state").
      void app.floor.connected(person);
      const expiry = setTimeout(
        () => socket.close(WS_CLOSE_UNAUTHORIZED, 'Sessão expirada.'),
        Math.min(current.expiresAt - Date.now(), MAX_TIMER_MS),
      );
      socket.once('close', () => {
        unregister();
        clearTimeout(expiry);
        void app.floor.disconnected(person);
      });
    });
  });
};
