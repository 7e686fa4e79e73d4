import type { FastifyRequest } from 'fastify';

/** The token of `Authorization: Bearer <token>`, or undefined without one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
}
