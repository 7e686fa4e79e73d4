import type { FastifyRequest } from 'fastify';
import { ApiError, TEXT } from '../http/errors';
import type { TokenService } from './tokens';

/** onRequest hook of the protected routes: a valid `Authorization: Bearer <token>` or 401. */
export function bearerAuth(tokens: TokenService) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const payload = match ? tokens.verify(match[1]) : null;
    if (!payload) throw new ApiError(401, TEXT.unauthorized);
    request.pessoa = payload.pessoa;
  };
}
