import './http/zodPt';
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorResponse, type Person } from '@consig/shared/contracts';
import { attendantRoutes } from './attendant/routes';
import { auditRoutes } from './audit/routes';
import { bearerAuth, createSessionService } from './auth/authenticate';
import { authRoutes, logoutRoutes } from './auth/routes';
import { bearerTokenOf } from './auth/bearerToken';
import { addressKey } from './auth/throttle';
import { createTokenService } from './auth/tokens';
import { callbackRoutes } from './callbacks/routes';
import { callRoutes } from './calls/routes';
import { kamailioRoutes } from './calls/kamailioRoutes';
import { registerCallSweep } from './calls/sweep';
import { batchRequestRoutes } from './campaigns/batchRequest';
import { campaignRoutes } from './campaigns/routes';
import { clientDocumentRoutes } from './client-documents/routes';
import { clientRoutes } from './clients/routes';
import type { Config } from './config';
import type { Db, Notifications } from './db';
import { registerDocs } from './http/docs';
import { registerFgtsBalanceJob } from './fgts/balanceJob';
import { registerImportJob } from './imports/importJob';
import { importRoutes } from './imports/routes';
import { builtInFgtsBalanceProvider, type FgtsBalanceProvider } from './fgts/provider';
import { fgtsRoutes } from './fgts/routes';
import { Floor } from './floor/floor';
import { floorRoutes } from './floor/routes';
import { registerControlCharacterCheck } from './http/controlCharacters';
import { corsOptions } from './http/cors';
import { registerErrorHandlers } from './http/errors';
import { clientErrorHandler, frameworkErrors } from './http/frameworkErrors';
import { personBudget, registerAddressBudget } from './http/rateLimit';
import { registerSecurityHeaders } from './http/securityHeaders';
import { healthRoutes } from './health/routes';
import { BODY_LIMIT_BYTES } from './http/limits';
import { loggerOptions } from './http/log';
import { lookupRoutes } from './lookups/routes';
import { operationRoutes } from './operations/routes';
import { peopleRoutes } from './people/routes';
import { dataSubjectRoutes } from './data-subject/routes';
import { callingHoursRoutes } from './company-settings/callingHoursRoutes';
import { ratesRoutes } from './company-settings/ratesRoutes';
import { telephonyRoutes } from './company-settings/telephonyRoutes';
import { bankLogoRoutes } from './proposals/bankLogoRoutes';
import { proposalRoutes } from './proposals/routes';
import { queueRoutes } from './queue/routes';
import { registerRecordingPurge } from './recordings/purge';
import { registerRecordingJob } from './recordings/recordingJob';
import { recordingRoutes } from './recordings/routes';
import { reportRoutes } from './reports/routes';
import { createLocalRecordingStorage } from './recordings/storage';
import { suppressionRoutes } from './suppression/routes';
import { ticketRoutes } from './tickets/routes';
import { JobQueue, type JobQueueOptions } from './jobs';
import { WS_MAX_MESSAGE_BYTES } from './realtime/limits';
import { Realtime } from './realtime/realtime';
import { realtimeRoutes, type RealtimeOptions } from './realtime/routes';
import { simulationRoutes } from './simulations/routes';

export interface BuildAppOptions {
  config: Config;
  /** Queries, and LISTEN for the realtime fan-out and the job workers. */
  db: Db & Notifications;
  /** Defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  realtime?: RealtimeOptions;
  /** Worker tuning (tests poll faster); the defaults suit production. */
  jobs?: Omit<JobQueueOptions, 'logger'>;
  /** The instant business rules see (the calling window, queue due times); tests inject one. */
  clock?: () => Date;
  /** Where FGTS balances come from; default the built-in provider (FGTS_PROVIDER_DELAY_MS). Tests pass stand-ins. */
  fgtsBalanceProvider?: FgtsBalanceProvider;
  /** How often this instance sweeps calls whose end never came (default 60 s; tests run it sooner). */
  callSweepIntervalMs?: number;
}

/** The whole HTTP/WebSocket application, ready to listen (or to be injected into by tests). */
export async function buildApp({
  config,
  db,
  logger,
  realtime,
  jobs,
  clock = () => new Date(),
  fgtsBalanceProvider,
  callSweepIntervalMs,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Logs keep no request body, query string, header or SQL parameter (http/log.ts).
    logger: loggerOptions(config.logLevel, logger),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Refusals made before any hook (a path the router cannot read, headers over Node's limit) in our words too.
    frameworkErrors,
    clientErrorHandler,
  });
  // Routes validate requests and responses with the zod contracts (@consig/shared/contracts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('tokens', createTokenService({ secret: config.jwtSecret, ttlHours: config.jwtTtlHours }));
  app.decorate('sessions', createSessionService({ tokens: app.tokens, db }));
  app.decorate('realtime', new Realtime(db, app.log));
  app.addHook('onReady', () => app.realtime.start());
  app.addHook('onClose', () => app.realtime.stop());
  // Attendants' states and presence (docs/rules.md "Attendant state"): this instance's sockets leave with it.
  app.decorate('floor', new Floor({ db, realtime: app.realtime, clock, log: app.log.child({ modulo: 'piso' }) }));
  app.addHook('onReady', async () => app.floor.start());
  app.addHook('onClose', async () => app.floor.stop());
  // Jobs are only claimed once server.ts calls app.jobs.start(); closing waits for running handlers.
  app.decorate('jobs', new JobQueue(db, { ...jobs, logger: app.log.child({ modulo: 'tarefas' }) }));
  app.addHook('onClose', () => app.jobs.stop());
  // Job kinds: every instance's worker runs them (docs/architecture.md "Jobs").
  registerFgtsBalanceJob(app, fgtsBalanceProvider ?? builtInFgtsBalanceProvider({ delayMs: config.fgts.providerDelayMs }));
  registerImportJob(app);
  // Call recordings: one storage for the job that writes them, playback and the retention purge.
  const recordings = createLocalRecordingStorage(config.recordings.dir);
  registerRecordingJob(app, recordings);
  registerRecordingPurge(app, recordings);
  // Every instance sweeps calls Kamailio never reported the end of (docs/rules.md "Calls").
  registerCallSweep(app, callSweepIntervalMs);
  // Set by the bearer hook on every protected route.
  app.decorateRequest('pessoa', null as unknown as Person);
  app.decorateRequest('sessionId', '');

  // The API speaks JSON only: a text/plain body is refused with 415 instead of reaching validation.
  app.removeContentTypeParser('text/plain');
  registerErrorHandlers(app);
  registerControlCharacterCheck(app);
  registerSecurityHeaders(app);
  await app.register(cors, corsOptions(config));
  // Request budgets per client address, before authentication (and after CORS, so a browser reads the 429).
  registerAddressBudget(app, config, addressKey, (request) => {
    const token = bearerTokenOf(request);
    return token !== undefined && app.tokens.verify(token) !== null;
  });
  await registerDocs(app);
  await app.register(websocket, { options: { maxPayload: WS_MAX_MESSAGE_BYTES } });

  // Public: sign-in, the socket (which authenticates with its first message), the health probes.
  await app.register(authRoutes);
  await app.register(healthRoutes);
  await app.register(realtimeRoutes, realtime ?? {});
  await app.register(bankLogoRoutes);
  // Kamailio's decisions and call events: its shared secret, form bodies, plain-text answers (calls/kamailioRoutes.ts).
  await app.register(kamailioRoutes);

  // Everything else needs a bearer token.
  await app.register(async (api) => {
    api.addHook('onRequest', bearerAuth(app.sessions));
    // Request budgets per person, once the bearer hook knows who it is (http/rateLimit.ts).
    api.addHook('onRequest', personBudget(config));
    // Documents the bearer requirement, and its 401 answer, on every route of this scope.
    api.addHook('onRoute', (route) => {
      const response = route.schema?.response as Record<string, unknown> | undefined;
      route.schema = { ...route.schema, security: [{ bearer: [] }], response: { 401: errorResponse, ...response } };
    });
    await api.register(logoutRoutes);
    await api.register(attendantRoutes);
    await api.register(clientRoutes);
    await api.register(clientDocumentRoutes);
    await api.register(campaignRoutes);
    await api.register(batchRequestRoutes);
    await api.register(lookupRoutes);
    await api.register(proposalRoutes);
    await api.register(ticketRoutes);
    await api.register(operationRoutes);
    await api.register(simulationRoutes);
    await api.register(fgtsRoutes);
    await api.register(queueRoutes);
    await api.register(callbackRoutes);
    await api.register(suppressionRoutes);
    await api.register(importRoutes);
    await api.register(callRoutes);
    await api.register(recordingRoutes, { storage: recordings });
    await api.register(floorRoutes);
    await api.register(reportRoutes);
    await api.register(auditRoutes);
    await api.register(peopleRoutes);
    await api.register(dataSubjectRoutes, { storage: recordings });
    await api.register(callingHoursRoutes);
    await api.register(ratesRoutes);
    await api.register(telephonyRoutes);
  });

  return app;
}
