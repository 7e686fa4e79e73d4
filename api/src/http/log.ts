import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the logs keep of requests and errors: never a request body, a query string, a header (the
 * bearer token) or an SQL parameter. PGlite errors carry the query's parameters, PostgreSQL errors
 * may quote the offending value in the message, and Fastify's own serializers log the URL with its
 * query string; these serializers keep only the fields listed here.
 */

/** Longest unmatched path kept (matched routes log their pattern, `/x/:id`, not the values). */
const PATH_MAX = 200;

function safeRequest(request: FastifyRequest) {
  const pattern = request.routeOptions?.url;
  const path = (request.url ?? '').split('?')[0];
  return {
    method: request.method,
    url: pattern ?? (path.length > PATH_MAX ? `${path.slice(0, PATH_MAX)}…` : path),
    remoteAddress: request.ip,
  };
}

/** Fields of a PostgreSQL error that name things in the schema and never carry data. */
const DATABASE_FIELDS = ['severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint', 'query'] as const;
const SQLSTATE = /^[0-9A-Z]{5}$/;

type ErrorLike = Error & Record<string, unknown>;

const isDatabaseError = (err: ErrorLike) => typeof err.severity === 'string' && typeof err.code === 'string' && SQLSTATE.test(err.code);

/**
 * Data exceptions (SQLSTATE class 22) quote the value they refused: `invalid input syntax for type
 * integer: "…"`. Other classes quote only names of the schema, which stay.
 */
function databaseMessage(err: ErrorLike): string {
  return String(err.code).startsWith('22') ? err.message.replace(/".*"/s, '"…"') : err.message;
}

interface SafeError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function safeError(err: Error, depth = 0): SafeError {
  // Something thrown that is not an Error could be anything, request data included: named only.
  if (!(err instanceof Error)) return { type: typeof err, message: 'lançado um valor que não é Error', stack: '' };
  const error = err as ErrorLike;
  const database = isDatabaseError(error);
  const type = database ? 'DatabaseError' : error.constructor?.name || error.name;
  const message = database ? databaseMessage(error) : error.message;
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const safe: SafeError = {
    type,
    message,
    // The stack's first line repeats the message: rebuilt from the safe one.
    stack: `${type}: ${message}${frames >= 0 ? error.stack!.slice(frames) : ''}`,
  };
  for (const key of ['code', 'statusCode'] as const) {
    if (typeof error[key] === 'string' || typeof error[key] === 'number') safe[key] = error[key];
  }
  if (database) for (const key of DATABASE_FIELDS) if (typeof error[key] === 'string') safe[key] = error[key];
  if (error.cause instanceof Error && depth < 3) safe.cause = safeError(error.cause, depth + 1);
  return safe;
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The logger options with the safe serializers: the configured level unless `given` sets one
 * (tests pass their own stream), `false` for no logs at all.
 */
export function loggerOptions(level: string, given: LoggerOption): LoggerOption {
  if (given === false) return false;
  const base = typeof given === 'object' ? given : {};
  return {
    level,
    ...base,
    serializers: { ...base.serializers, req: safeRequest, err: safeError },
  };
}
