import type { Person } from '@consig/shared/contracts';
import type { SessionService } from './auth/authenticate';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db';
import type { JobQueue } from './jobs';
import type { Floor } from './floor/floor';
import type { Realtime } from './realtime/realtime';

// What buildApp decorates the Fastify instance and the requests with.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    tokens: TokenService;
    /** Sign-in opens a session; a bearer token → its open session and the person as they are now. */
    sessions: SessionService;
    /** `push(ID_Pessoa, alert)` reaches that person's sockets on every API instance. */
    realtime: Realtime;
    /** The durable job queue: `enqueue(tx, kind, payload)`, `register(kind, handler)`. */
    jobs: JobQueue;
    /** Attendants' states: `refresh(companyId, personId)` after anything that may change one (floor/floor.ts). */
    floor: Floor;
    /** The current instant. Business rules ask it instead of `new Date()`, so tests can move time. */
    clock: () => Date;
  }
  interface FastifyContextConfig {
    /**
     * The route answers control characters itself (http/controlCharacters.ts): Kamailio's call events, which a 400
     * would have Kamailio send again forever; a malformed event is answered `ok=0` instead.
     */
    ownControlCharacterCheck?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in person as they are NOW (reloaded per request by the bearer hook); set on every protected route. */
    pessoa: Person;
    /** The session of the request's token (sessions.repository.ts); set with `pessoa`. */
    sessionId: string;
  }
}
