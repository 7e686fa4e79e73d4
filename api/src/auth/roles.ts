import type { FastifyRequest } from 'fastify';
import { ROLE, type Person, type RoleId } from '@consig/shared/contracts';
import { ApiError, TEXT } from '../http/errors';

/** preHandler hook: the signed-in person must hold one of `roles` (ID_Funcao), else 403. */
export function requireRole(...roles: RoleId[]) {
  return requireRoleSaying(TEXT.forbidden, ...roles);
}

/** requireRole with the refusal's own Portuguese text ('Apenas gerentes podem remover propostas.'). */
export function requireRoleSaying(text: string, ...roles: RoleId[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(roles as number[]).includes(request.pessoa.ID_Funcao)) throw new ApiError(403, text);
  };
}

/**
 * Whose leads and proposals a person sees (docs/rules.md "Roles"): an attendant only their own (their
 * id), supervisors and managers the whole company (null). `pessoa` is the CURRENT person (the bearer
 * hook reloads it per request), so a demotion narrows the view at once.
 */
export function ownRowsOnly(person: Person): number | null {
  return person.ID_Funcao === ROLE.ATENDENTE ? person.ID_Pessoa : null;
}
