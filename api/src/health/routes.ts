import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorResponse } from '@consig/shared/contracts';
import { shortCache } from '../auth/shortCache';
import { checkReadiness, shippedMigrations } from './readiness';

/**
 * One readiness query serves every probe of the next second: the probes are public and never counted against a
 * request budget (http/rateLimit.ts), so without it a flood of them would be a flood of database queries.
 */
const READINESS_CACHE_MS = 1_000;

const healthy = z.object({ success: z.literal(true), text: z.string() });

/**
 * Probes for a process manager or load balancer: public (no token), no data. /health/live says the process
 * answers (restart it when it does not); /health/ready says it can serve (send it traffic): database reachable
 * and every migration applied, 503 with the reason otherwise. While the API shuts down, Fastify answers 503
 * to every new request, these included, so a balancer stops sending traffic during the drain.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const migrations = shippedMigrations();
  const readinessNow = shortCache(() => checkReadiness(app.db, migrations), { ttlMs: READINESS_CACHE_MS });

  app.get(
    '/health/live',
    { schema: { tags: ['Saúde'], summary: 'O processo está no ar. Público.', response: { 200: healthy } }, logLevel: 'warn' },
    async () => ({ success: true as const, text: 'API no ar.' }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['Saúde'],
        summary: 'Pronta para atender: banco acessível e todas as migrações aplicadas (503 com o motivo, se não). Público.',
        response: { 200: healthy, 503: errorResponse },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const readiness = await readinessNow(undefined);
      if (!readiness.ready) return reply.code(503).send({ success: false as const, text: readiness.text });
      return { success: true as const, text: 'API pronta.' };
    },
  );
};
