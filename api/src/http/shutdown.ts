import type { FastifyInstance } from 'fastify';

/**
 * Close code of /ws when the API shuts down (RFC 6455 "Service Restart"): browsers reconnect after it with
 * their usual backoff (host/src/realtime/reconnectPolicy.ts), to this instance once it is back or to another
 * replica behind the balancer. It is a clean close, so the user sees no error toast.
 */
export const WS_CLOSE_SERVICE_RESTART = 1012;
const RESTART_REASON = 'Servidor reiniciando.';

/** How long requests already under way may take to finish before their connections are cut. */
export const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Stops the API in order: no new connections (and 503 to new requests on kept-alive ones, Fastify's
 * return503OnClosing), realtime sockets closed with 1012, the job worker claims nothing more, the requests
 * under way finish — cut after `drainTimeoutMs` — and then the onClose hooks run (job worker drained,
 * realtime fan-out stopped). The database stays open: the caller closes it after this resolves.
 */
export async function closeGracefully(app: FastifyInstance, { drainTimeoutMs = DRAIN_TIMEOUT_MS } = {}): Promise<void> {
  const sockets = app.websocketServer?.clients ?? new Set();
  for (const socket of sockets) socket.close(WS_CLOSE_SERVICE_RESTART, RESTART_REASON);
  const cut = setTimeout(() => {
    app.log.warn(`requisições ainda em andamento após ${drainTimeoutMs} ms; conexões encerradas`);
    app.server.closeAllConnections();
    // An upgraded socket is no HTTP connection any more: a client that never answered the close frame goes too.
    for (const socket of sockets) socket.terminate();
  }, drainTimeoutMs);
  cut.unref();
  try {
    await Promise.all([app.jobs.stop(), app.close()]);
  } finally {
    clearTimeout(cut);
  }
}
