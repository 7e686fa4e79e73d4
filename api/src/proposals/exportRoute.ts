import { Readable } from 'node:stream';
import * as z from 'zod/mini';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, proposalFilterPathParams } from '@consig/shared/contracts';
import { companyScope } from '../auth/scope';
import { createFollowUpRepository } from './followup.repository';
import { filterPathShapes } from './followupRoutes';
import type { ListPosition } from './listCursor';
import { describeFilter, proposalFilterOf, type ProposalFilter } from './proposalFilter';
import { CSV_BOM, CSV_HEADER, csvLine, proposalCsvLine } from './proposalCsv';

/**
 * Rows per database round trip. The export walks the list's keyset (index range scans, the same order as the
 * screen) instead of holding one transaction and connection open for as long as a slow client downloads: on
 * PGlite, the single connection would stall every other request meanwhile. Memory stays one batch.
 */
export const EXPORT_BATCH = 2000;

/** The CSV text, batch by batch, pulled by the response as the client reads (backpressure). */
async function* exportCsv(proposals: ReturnType<typeof createFollowUpRepository>, filter: ProposalFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER);
  let after: ListPosition | null = null;
  for (;;) {
    const rows = await proposals.exportBatch(filter, after, EXPORT_BATCH);
    if (rows.length > 0) yield rows.map(proposalCsvLine).join('');
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1].position;
  }
}

/** GET /crm/proposta/csv/...: the list's filters and scoping, every matching row, as propostas.csv. */
export const proposalExportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of filterPathShapes('/crm/proposta/csv')) {
    app.get(
      url,
      {
        schema: {
          tags: ['Propostas'],
          summary:
            'Exporta as propostas do filtro (mesmos caminhos, filtros e escopo da lista) como propostas.csv: UTF-8 com BOM, ' +
            '";", vírgula decimal, datas dd/mm/aaaa. Cada exportação fica na auditoria (LGPD).',
          params: proposalFilterPathParams,
          response: { 200: z.string(), 400: errorResponse },
        },
      },
      async (request, reply) => {
        const filter = proposalFilterOf(request.params, request.pessoa);
        const proposals = createFollowUpRepository(companyScope(request));
        await proposals.auditExport(request.pessoa.ID_Pessoa, describeFilter(filter));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="propostas.csv"')
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialized); the 200 schema documents the CSV text it carries.
          .send(Readable.from(exportCsv(proposals, filter)) as unknown as string);
      },
    );
  }
};
