import type { FastifyRequest } from 'fastify';
import type { RoleId } from '@consig/shared/contracts';
import { ApiError, TEXT } from '../http/errors';

/** preHandler hook: the signed-in person must hold one of `roles` (ID_Funcao), else 403. */
export function requireRole(...roles: RoleId[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(roles as number[]).includes(request.pessoa.ID_Funcao)) throw new ApiError(403, TEXT.forbidden);
  };
}
