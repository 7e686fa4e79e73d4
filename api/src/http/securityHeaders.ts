import type { FastifyInstance } from 'fastify';

/**
 * What every answer of the API may load or be framed by: nothing. Answers are JSON (and CSV, SVG badges), never
 * a page, so `default-src 'none'` leaves a browser that opens one directly nothing to run, and
 * `frame-ancestors 'none'` keeps any of them out of another site's frame.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The documentation page (/docs, swagger-ui) is a page: its own scripts and styles from /docs, the inline
 * styles and data: icons swagger-ui renders, and /docs/json through fetch. Still never framed.
 */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const DOCS_PREFIX = '/docs';

/**
 * The API's own security headers on every answer, errors and 404s included (the static servers send theirs;
 * an API reached directly, not through nginx, must not depend on them). A route that set its own CSP (the
 * bank badge SVG) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    // For browsers that predate frame-ancestors.
    reply.header('x-frame-options', 'DENY');
    if (!reply.hasHeader('content-security-policy')) {
      const path = request.url.split('?')[0];
      const docs = path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`);
      reply.header('content-security-policy', docs ? DOCS_CSP : API_CSP);
    }
    return payload;
  });
}
