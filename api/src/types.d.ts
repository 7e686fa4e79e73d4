import type { Pessoa } from '@consig/shared/contracts';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db';
import type { RealtimeHub } from './realtime/hub';

// What buildApp decorates the Fastify instance and the requests with.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    tokens: TokenService;
    realtime: RealtimeHub;
  }
  interface FastifyRequest {
    /** The signed-in person, from the bearer token; set on every protected route. */
    pessoa: Pessoa;
  }
}
