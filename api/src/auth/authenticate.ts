import type { FastifyRequest } from 'fastify';
import type { Person } from '@consig/shared/contracts';
import type { Db } from '../db';
import { ApiError, TEXT } from '../http/errors';
import { createPeopleRepository } from './people.repository';
import { shortCache } from './shortCache';
import type { TokenService } from './tokens';

/**
 * How long one lookup of a person serves later requests of that person on this instance. A screen
 * fires its calls together (the dashboard: leads, status, extension, counts), so they share one
 * query; and a deleted, deactivated, demoted or moved person loses the old rights within 2 s, where a
 * token alone kept them for its whole 12 hours.
 */
const PERSON_CACHE_MS = 2_000;

export interface SessionService {
  /**
   * The person a bearer token stands for, AS THEY ARE NOW (role, name, telephony from the database);
   * null when the token is not genuine or expired, or its person was deleted, deactivated or moved to
   * another company since it was issued (a token never carries a person into a company it was not
   * issued for: they sign in again).
   */
  current(token: string): Promise<Person | null>;
}

export function createSessionService(options: { tokens: TokenService; db: Db; cacheMs?: number; now?: () => number }): SessionService {
  const people = createPeopleRepository({ db: options.db });
  const findActive = shortCache((id: number) => people.findActive(id), {
    ttlMs: options.cacheMs ?? PERSON_CACHE_MS,
    now: options.now,
  });
  return {
    async current(token) {
      const payload = options.tokens.verify(token);
      if (!payload) return null;
      const person = await findActive(payload.pessoa.ID_Pessoa);
      if (!person || person.ID_Empresa !== payload.pessoa.ID_Empresa) return null;
      return { ...person }; // each request its own copy of the cached row
    },
  };
}

/**
 * onRequest hook of the protected routes: a valid `Authorization: Bearer <token>` of a person who is
 * still active in the token's company, else 401. `request.pessoa` carries their CURRENT values.
 */
export function bearerAuth(sessions: SessionService) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const person = match ? await sessions.current(match[1]) : null;
    if (!person) throw new ApiError(401, TEXT.unauthorized);
    request.pessoa = person;
  };
}
