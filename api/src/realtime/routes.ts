import type { FastifyPluginAsync } from 'fastify';
import { WS_CLOSE_UNAUTHORIZED } from '@consig/shared/contracts';

/** Longest delay setTimeout accepts (~24.8 days): with an odd JWT_TTL_HOURS the socket closes early, never late. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RealtimeOptions {
  /** How long a new socket may take to send its token (10 s). */
  authTimeoutMs?: number;
}

/**
 * GET /ws. Browsers cannot set headers on a WebSocket, so the JWT comes as the first message.
 * Until it is verified the socket is not registered and receives nothing; a bad token, or none
 * in time, closes it with 4401. The socket is also closed with 4401 when its token expires.
 * (@fastify/websocket hides WebSocket routes from OpenAPI; http/docs.ts describes /ws in prose.)
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (app, options) => {
  const authTimeoutMs = options.authTimeoutMs ?? 10_000;

  app.get('/ws', { websocket: true }, (socket) => {
    const deadline = setTimeout(() => socket.close(WS_CLOSE_UNAUTHORIZED, 'Token não enviado.'), authTimeoutMs);
    socket.once('close', () => clearTimeout(deadline));

    socket.once('message', (data) => {
      clearTimeout(deadline);
      const payload = app.tokens.verify(data.toString().trim().replace(/^Bearer\s+/i, ''));
      if (!payload) {
        socket.close(WS_CLOSE_UNAUTHORIZED, 'Sessão expirada ou inválida.');
        return;
      }
      const unregister = app.realtime.register(payload.pessoa.ID_Pessoa, socket);
      const expiry = setTimeout(
        () => socket.close(WS_CLOSE_UNAUTHORIZED, 'Sessão expirada.'),
        Math.min(payload.exp * 1000 - Date.now(), MAX_TIMER_MS),
      );
      socket.once('close', () => {
        unregister();
        clearTimeout(expiry);
      });
    });
  });
};
