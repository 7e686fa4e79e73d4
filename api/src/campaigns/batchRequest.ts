import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, verzBatchRequest, verzBatchResponse, ROLE } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { builtInBatchProvider } from '../imports/builtInProvider';
import type { BatchProvider } from '../imports/provider';
import { requestProviderBatch } from './providerBatch';

export interface BatchRequestOptions {
  /** Where batches come from; default the prospect base (imports/builtInProvider.ts). */
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
        body: verzBatchRequest,
        response: { 200: verzBatchResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      requestProviderBatch(companyScope(request), request.pessoa.ID_Pessoa, request.body, { provider, today: saoPauloDate(app.clock()) }),
  );
};
