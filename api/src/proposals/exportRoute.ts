import { pipeline } from 'node:stream';
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@consig/shared/contracts';
import { companyScope } from '../auth/scope';
import { CSV_BOM, crlfLineEnds } from '../http/csv';
import { ApiError } from '../http/errors';
import { createFollowUpRepository } from './followup.repository';
import { filterPathShapes } from './followupRoutes';
import { describeFilter, proposalFilterOf } from './proposalFilter';

/** The answer when this instance already streams as many exports as EXPORT_MAX_CONCURRENT allows. */
export const EXPORT_BUSY_TEXT = 'Muitas exportações em andamento. Tente de novo em alguns instantes.';
const EXPORT_BUSY_RETRY_SECONDS = 10;

/**
 * GET /crm/proposta/csv/...: the list's filters and scoping, every matching row, as propostas.csv. The
 * database writes the CSV itself (COPY, one statement, docs/architecture.md "Proposal export") and the
 * bytes flow to the client as it reads them: memory stays flat whatever the size, and a download the client
 * abandons ends the statement.
 */
export const proposalExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each export holds a database connection of its own until its download ends: bounded per instance, so
  // exports can never take every connection the database allows.
  let streaming = 0;
  for (const { url, params } of filterPathShapes('/crm/proposta/csv')) {
    app.get(
      url,
      {
        schema: {
          tags: ['Propostas'],
          summary:
            'Exporta as propostas do filtro (mesmos caminhos, filtros e escopo da lista) como propostas.csv: UTF-8 com BOM, ' +
            '";", vírgula decimal, datas dd/mm/aaaa. Cada exportação fica na auditoria (LGPD). Com EXPORT_MAX_CONCURRENT ' +
            'exportações em andamento nesta instância, responde 429 (Retry-After).',
          params,
          response: { 200: z.string(), 400: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const filter = proposalFilterOf(request.params, request.pessoa);
        if (streaming >= app.config.exportMaxConcurrent) {
          reply.header('retry-after', String(EXPORT_BUSY_RETRY_SECONDS));
          throw new ApiError(429, EXPORT_BUSY_TEXT);
        }
        streaming += 1;
        // Whatever ends the answer (sent, cut, failed before the first byte) frees the place.
        reply.raw.once('close', () => (streaming -= 1));
        const proposals = createFollowUpRepository(companyScope(request));
        await proposals.auditExport(request.pessoa.ID_Pessoa, describeFilter(filter), request.ip);
        const body = pipeline(await proposals.exportCsv(filter), crlfLineEnds(CSV_BOM), (err) => {
          // Headers are gone by then: the client sees a cut download. A client that stops reading is no error.
          if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.error({ err }, 'exportação de propostas interrompida');
        });
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="propostas.csv"')
            .header('cache-control', 'no-store')
            // A stream is sent as it is (never serialized); the 200 schema documents the CSV text it carries.
            .send(body as unknown as string)
        );
      },
    );
  }
};
