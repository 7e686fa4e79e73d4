import './http/zod-pt';
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorResponse, type Pessoa } from '@consig/shared/contracts';
import { attendantRoutes } from './attendant/routes';
import { bearerAuth } from './auth/authenticate';
import { authRoutes } from './auth/routes';
import { createTokenService } from './auth/tokens';
import { campaignRoutes } from './campaigns/routes';
import type { Config } from './config';
import type { Db } from './db';
import { registerDocs } from './http/docs';
import { registerErrorHandlers } from './http/errors';
import { proposalRoutes } from './proposals/routes';
import { RealtimeHub } from './realtime/hub';
import { realtimeRoutes, type RealtimeOptions } from './realtime/routes';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  realtime?: RealtimeOptions;
}

/** The whole HTTP/WebSocket application, ready to listen (or to be injected into by tests). */
export async function buildApp({ config, db, logger, realtime }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: logger ?? { level: config.logLevel }, trustProxy: config.trustProxy });
  // Routes validate requests and responses with the zod contracts (@consig/shared/contracts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('tokens', createTokenService({ secret: config.jwtSecret, ttlHours: config.jwtTtlHours }));
  app.decorate('realtime', new RealtimeHub());
  // Set by the bearer hook on every protected route.
  app.decorateRequest('pessoa', null as unknown as Pessoa);

  // The API speaks JSON only: a text/plain body is refused with 415 instead of reaching validation.
  app.removeContentTypeParser('text/plain');
  registerErrorHandlers(app);
  await app.register(cors, { origin: config.corsOrigins });
  await registerDocs(app);
  await app.register(websocket);

  // Public: sign-in and the socket (which authenticates with its first message).
  await app.register(authRoutes);
  await app.register(realtimeRoutes, realtime ?? {});

  // Everything else needs a bearer token.
  await app.register(async (api) => {
    api.addHook('onRequest', bearerAuth(app.tokens));
    // Documents the bearer requirement, and its 401 answer, on every route of this scope.
    api.addHook('onRoute', (route) => {
      const response = route.schema?.response as Record<string, unknown> | undefined;
      route.schema = { ...route.schema, security: [{ bearer: [] }], response: { 401: errorResponse, ...response } };
    });
    await api.register(attendantRoutes);
    await api.register(campaignRoutes);
    await api.register(proposalRoutes);
  });

  return app;
}
