import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AGENCY,
  BATCH_TEXT,
  errorResponse,
  halfFilledPair,
  IMPORT_MAX_CLIENTS,
  loteVerzRequest,
  loteVerzResponse,
  ROLE,
} from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createImportsRepository } from '../imports/imports.repository';
import { IMPORT_JOB, IMPORT_MAX_ATTEMPTS, type ImportJobPayload } from '../imports/importJob';
import { createProspectsRepository } from '../imports/prospects.repository';
import { builtInBatchProvider, invertedPair, prospectsCsv, providerFilter, type BatchProvider } from '../imports/provider';
import { CAMPAIGN_NOT_FOUND } from './routes';

export interface BatchRequestOptions {
  /** Where batches come from; default the prospect base (imports/provider.ts). */
  provider?: BatchProvider;
}

// Supervisors and managers, campaigns of agencies 1 (FGTS) and 4 (INSS) only (product-spec §6, §8); another
// company's campaign answers 404 (docs/rules.md "CSV imports and provider batches").
export const batchRequestRoutes: FastifyPluginAsyncZod<BatchRequestOptions> = async (app, { provider = builtInBatchProvider }) => {
  app.post(
    '/cadastro/campanha/loteverz',
    {
      preHandler: requireRole(ROLE.SUPERVISOR, ROLE.GERENTE),
      schema: {
        tags: ['Campanhas'],
        summary:
          'Solicita ao provedor de dados um lote de clientes pelos filtros (pares mínimo/máximo completos ou vazios) e o carrega ' +
          'na campanha pela tarefa de importação (GET /importacao/{id}); responde na hora. O provedor embutido não aplica ' +
          'Prazo, ParcelaPaga, Cep, Pmt, Contratos, MN_Taxa, SN_Representante, SN_RcmUtilizado, TP_Beneficio nem bancos.',
        body: loteVerzRequest,
        response: { 200: loteVerzResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { body, pessoa } = request;
      const half = halfFilledPair(body);
      if (half) throw new ApiError(400, `${half}: ${BATCH_TEXT.pair}`);
      const limit = body.NU_Clientes;
      if (limit === null || limit === undefined || limit < 1 || limit > IMPORT_MAX_CLIENTS) throw new ApiError(400, `NU_Clientes: ${BATCH_TEXT.clients}`);

      const scope = companyScope(request);
      const campaign = await createImportsRepository(scope).campaign(body.ID_Campanha);
      if (!campaign) throw new ApiError(404, CAMPAIGN_NOT_FOUND);
      if (campaign.agency !== AGENCY.FGTS && campaign.agency !== AGENCY.INSS) throw new ApiError(400, BATCH_TEXT.agencyOnly);
      const filter = providerFilter(body, campaign.agency, saoPauloDate(app.clock()));
      const inverted = invertedPair(filter);
      if (inverted) throw new ApiError(400, `${inverted}: ${BATCH_TEXT.inverted}`);

      const prospects = await provider.select(scope, filter, body.ID_Campanha, limit);
      // The request, its import row and its job commit together, as an upload does (imports/routes.ts).
      const importId = await scope.db.transaction(async (tx) => {
        const txScope = { db: tx, companyId: scope.companyId };
        await createProspectsRepository(txScope).markRequested(body.ID_Campanha);
        if (prospects.length === 0) return null;
        const id = await createImportsRepository(txScope).create({
          campaignId: body.ID_Campanha,
          personId: pessoa.ID_Pessoa,
          // The batch already leaves out the campaign's CPFs; sanitising also drops one queued meanwhile.
          sanitize: true,
          file: prospectsCsv(prospects),
          lines: prospects.length,
        });
        const payload: ImportJobPayload = { importId: id };
        await app.jobs.enqueue(tx, IMPORT_JOB, payload, { companyId: scope.companyId, maxAttempts: IMPORT_MAX_ATTEMPTS });
        return id;
      });
      const text = prospects.length === 0 ? BATCH_TEXT.noneFound : BATCH_TEXT.requested(prospects.length);
      return { success: true, text, data: { NU_Clientes: prospects.length, ID_Importacao: importId } };
    },
  );
};
