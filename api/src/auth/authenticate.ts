import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { PASSWORD_CHANGE_REQUIRED_TEXT, type Person } from '@consig/shared/contracts';
import type { Db } from '../db';
import { ApiError, TEXT } from '../http/errors';
import { bearerTokenOf } from './bearerToken';
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

/** A session as the bearer hook sees it: also whether its person must first replace a temporary password. */
export interface BearerSession extends CurrentSession {
  mustChangePassword: boolean;
}

export interface SessionService {
  /** Opens a session for the person (sign-in) and returns its token. */
  start(person: Person): Promise<string>;
  /**
   * The session a bearer token stands for, with its person AS THEY ARE NOW (role, name, telephony from the
   * database); null when the token is not genuine or expired, its session was revoked ('Sair'), or its person was
   * deleted, deactivated or moved to another company since it was issued (a token never carries a person into a
   * company it was not issued for: they sign in again). Null too while the person must replace a temporary
   * password (pessoa.sn_trocar_senha): such a session counts for nothing but the change and 'Sair' (bearerAuth),
   * so the realtime socket refuses it with 4401.
   */
  current(token: string): Promise<CurrentSession | null>;
  /** Like `current`, but also a session that must change its password first, saying so: the bearer hook's lookup. */
  bearer(token: string): Promise<BearerSession | null>;
  /**
   * Of these sessions, the ones still open, each with its person as they are now (the realtime sockets' check); a
   * session that must change its password first is not among them.
   */
  stillOpen(sessionIds: readonly string[]): Promise<Map<string, Person>>;
  /** 'Sair': revokes the session at once on this instance, within SESSION_CACHE_MS on the others. */
  end(sessionId: string): Promise<void>;
  /**
   * This instance reads these sessions afresh at their next use: they were revoked, or their person changed (a
   * password replaced: the change requirement gone at once). Other instances see it within SESSION_CACHE_MS.
   */
  forget(sessionIds: readonly string[]): void;
}

export function createSessionService(options: { tokens: TokenService; db: Db; cacheMs?: number; now?: () => number }): SessionService {
  const sessions = createSessionsRepository({ db: options.db });
  const now = options.now ?? Date.now;
  const personOf = shortCache((sessionId: string) => sessions.personOf(sessionId), {
    ttlMs: options.cacheMs ?? SESSION_CACHE_MS,
    now,
  });
  const bearer: SessionService['bearer'] = async (token) => {
    const payload = options.tokens.verify(token);
    if (!payload?.sid || !SESSION_ID.test(payload.sid)) return null;
    const found = await personOf(payload.sid);
    if (!found || found.ID_Pessoa !== payload.pessoa.ID_Pessoa || found.ID_Empresa !== payload.pessoa.ID_Empresa) {
      return null;
    }
    // Each request its own copy of the cached row.
    const { mustChangePassword, ...person } = found;
    return { sessionId: payload.sid, person, expiresAt: payload.exp * 1000, mustChangePassword };
  };
  return {
    async start(person) {
      const sessionId = randomUUID();
      const issuedAt = now();
      const token = options.tokens.sign(person, sessionId, issuedAt);
      const expiresAt = options.tokens.verify(token)?.exp ?? Math.floor((issuedAt + options.tokens.ttlMs) / 1000);
      await sessions.open(sessionId, person.ID_Pessoa, new Date(expiresAt * 1000));
      return token;
    },
    bearer,
    async current(token) {
      const found = await bearer(token);
      if (!found || found.mustChangePassword) return null;
      const { mustChangePassword: _pending, ...current } = found;
      return current;
    },
    stillOpen: (sessionIds) => sessions.openOf(sessionIds.filter((id) => SESSION_ID.test(id))),
    async end(sessionId) {
      await sessions.revoke(sessionId, 'saiu');
      personOf.forget(sessionId);
    },
    forget(sessionIds) {
      for (const sessionId of sessionIds) personOf.forget(sessionId);
    },
  };
}

/**
 * What a session that must replace its temporary password may still reach (issue 22 "People": the person chooses
 * their own password at first sign-in, and the API holds them to it, not only the screen).
 */
const WHILE_PASSWORD_CHANGE = new Set(['PUT /lnk/senha', 'POST /lnk/sair']);

/**
 * onRequest hook of the protected routes: a valid `Authorization: Bearer <token>` of an open session of a person
 * who is still active in the token's company, else 401; while that person must replace a temporary password, 403
 * on everything but PUT /lnk/senha and 'Sair'. `request.pessoa` carries their CURRENT values and
 * `request.sessionId` the session ('Sair' revokes it).
 */
export function bearerAuth(sessions: SessionService) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerTokenOf(request);
    const current = token ? await sessions.bearer(token) : null;
    if (!current) throw new ApiError(401, TEXT.unauthorized);
    if (current.mustChangePassword && !WHILE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`)) {
      throw new ApiError(403, PASSWORD_CHANGE_REQUIRED_TEXT);
    }
    request.pessoa = current.person;
    request.sessionId = current.sessionId;
  };
}
