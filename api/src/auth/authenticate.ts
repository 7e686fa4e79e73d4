import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Person } from '@consig/shared/contracts';
import type { Db } from '../db';
import { ApiError, TEXT } from '../http/errors';
import { createSessionsRepository } from './sessions.repository';
import { shortCache } from './shortCache';
import type { TokenService } from './tokens';

/**
 * How long one lookup of a session serves later requests with it on this instance. A screen fires its calls
 * together (the dashboard: leads, status, extension, counts), so they share one query; and a revoked session, or a
 * deleted, deactivated, demoted or moved person, loses the old rights within 2 s on every instance, where a token
 * alone kept them for its whole 12 hours.
 */
const SESSION_CACHE_MS = 2_000;

/** Session ids are UUIDs (randomUUID): anything else in a genuine token is refused before any query. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a token stands for when it stands for anything: its session and its person as they are now. */
export interface CurrentSession {
  sessionId: string;
  person: Person;
  /** When the token expires (ms). */
  expiresAt: number;
}

export interface SessionService {
  /** Opens a session for the person (sign-in) and returns its token. */
  start(person: Person): Promise<string>;
  /**
   * The session a bearer token stands for, with its person AS THEY ARE NOW (role, name, telephony from the
   * database); null when the token is not genuine or expired, its session was revoked ('Sair'), or its person was
   * deleted, deactivated or moved to another company since it was issued (a token never carries a person into a
   * company it was not issued for: they sign in again).
   */
  current(token: string): Promise<CurrentSession | null>;
  /** Of these sessions, the ones still open, each with its person as they are now (the realtime sockets' check). */
  stillOpen(sessionIds: readonly string[]): Promise<Map<string, Person>>;
  /** 'Sair': revokes the session at once on this instance, within SESSION_CACHE_MS on the others. */
  end(sessionId: string): Promise<void>;
}

export function createSessionService(options: { tokens: TokenService; db: Db; cacheMs?: number; now?: () => number }): SessionService {
  const sessions = createSessionsRepository({ db: options.db });
  const now = options.now ?? Date.now;
  const personOf = shortCache((sessionId: string) => sessions.personOf(sessionId), {
    ttlMs: options.cacheMs ?? SESSION_CACHE_MS,
    now,
  });
  return {
    async start(person) {
      const sessionId = randomUUID();
      const issuedAt = now();
      const token = options.tokens.sign(person, sessionId, issuedAt);
      const expiresAt = options.tokens.verify(token)?.exp ?? Math.floor((issuedAt + options.tokens.ttlMs) / 1000);
      await sessions.open(sessionId, person.ID_Pessoa, new Date(expiresAt * 1000));
      return token;
    },
    async current(token) {
      const payload = options.tokens.verify(token);
      if (!payload?.sid || !SESSION_ID.test(payload.sid)) return null;
      const person = await personOf(payload.sid);
      if (!person || person.ID_Pessoa !== payload.pessoa.ID_Pessoa || person.ID_Empresa !== payload.pessoa.ID_Empresa) {
        return null;
      }
      // Each request its own copy of the cached row.
      return { sessionId: payload.sid, person: { ...person }, expiresAt: payload.exp * 1000 };
    },
    stillOpen: (sessionIds) => sessions.openOf(sessionIds.filter((id) => SESSION_ID.test(id))),
    async end(sessionId) {
      await sessions.revoke(sessionId, 'saiu');
      personOf.forget(sessionId);
    },
  };
}

/**
 * onRequest hook of the protected routes: a valid `Authorization: Bearer <token>` of an open session of a person
 * who is still active in the token's company, else 401. `request.pessoa` carries their CURRENT values and
 * `request.sessionId` the session ('Sair' revokes it).
 */
export function bearerAuth(sessions: SessionService) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const current = match ? await sessions.current(match[1]) : null;
    if (!current) throw new ApiError(401, TEXT.unauthorized);
    request.pessoa = current.person;
    request.sessionId = current.sessionId;
  };
}
