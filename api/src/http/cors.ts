import type { FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../config';

/** Every method the API routes use (product-spec §7 has PUTs and DELETEs besides GET and POST). */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

/**
 * Answer headers a page of another origin may read besides the safelisted ones: a call recording is fetched
 * with the bearer token and played from a blob, and the player (or a resumed download) reads how the file is
 * ranged and named; a 429 says when to try again.
 */
const CORS_EXPOSED_HEADERS = ['Content-Range', 'Content-Length', 'Accept-Ranges', 'Content-Disposition', 'Retry-After'];

/**
 * Any origin when CORS_ORIGINS is empty (bearer tokens, no cookies: another site cannot act with a
 * user's credentials), only the listed ones otherwise. Browsers keep a preflight for 10 minutes.
 */
export function corsOptions(config: Pick<Config, 'corsOrigins'>): FastifyCorsOptions {
  return { origin: config.corsOrigins, methods: CORS_METHODS, exposedHeaders: CORS_EXPOSED_HEADERS, maxAge: 600 };
}
