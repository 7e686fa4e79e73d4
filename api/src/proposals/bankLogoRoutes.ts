import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorResponse } from '@consig/shared/contracts';
import { ApiError, TEXT } from '../http/errors';
import { createLookupsRepository } from '../lookups/lookups.repository';
import { bankLogoSvg } from './bankLogo';

/** A week: badges change only with a release, and an <img> on every follow-up row should not ask again. */
const CACHE = 'public, max-age=604800, stale-while-revalidate=86400';

/**
 * GET /banco/logo/{CO_Banco}.svg: public (an <img> sends no bearer token), the same for every company
 * (the banco table is reference data). An unknown code gets the neutral badge, not an error, so a row
 * never shows a broken image.
 */
export const bankLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/banco/logo/:file',
    {
      schema: {
        tags: ['Propostas'],
        summary: 'Selo do banco (SVG) para a lista de propostas; neutro para um código desconhecido. Público.',
        params: z.object({ file: z.string().check(z.maxLength(20)) }),
        response: { 200: z.string(), 404: errorResponse },
      },
    },
    async (request, reply) => {
      const match = /^(\d{1,10})\.svg$/.exec(request.params.file);
      if (!match) throw new ApiError(404, TEXT.notFound);
      const bankId = Number(match[1]);
      const name = await createLookupsRepository(app.db).bankName(bankId);
      return (
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', CACHE)
          // The SVG is ours and has no script; these keep it so if it is ever opened on its own.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('x-content-type-options', 'nosniff')
          .send(bankLogoSvg(bankId, name))
      );
    },
  );
};
