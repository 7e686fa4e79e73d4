import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParam,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CLIENTS,
  IMPORT_DATA_URL_MAX,
  IMPORT_TEXT,
  importacaoResponse,
  importacaoUploadRequest,
  importacaoUploadResponse,
  ROLE,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { CSV_BOM, csvLine } from '../http/csv';
import { ApiError } from '../http/errors';
import { base64Bytes, countDataLines, decodeDataUrl } from './csvText';
import { createImportsRepository } from './imports.repository';
import { IMPORT_JOB, IMPORT_MAX_ATTEMPTS, type ImportJobPayload } from './importJob';
import { TEMPLATE_CSV, TEMPLATE_FILE_NAME } from './template';

const tags = ['Importação'];
const idParams = z.object({ id: idParam });

/** The route's body limit: the longest TX_Base plus the other JSON fields. */
const UPLOAD_BODY_LIMIT = IMPORT_DATA_URL_MAX + 1024;

// Supervisors and managers fill campaigns (docs/rules.md "CSV imports and provider batches"); another
// company's campaign or import answers 404.
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyManagers = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);

  app.post(
    '/importacao/upload',
    {
      preHandler: onlyManagers,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Recebe um CSV (data URL, até 60 MB e 50.000 clientes) para a campanha e responde na hora; a importação roda ' +
          'como tarefa (GET /importacao/{id} com NU_Lidas de NU_Linhas; pelo /ws, alerta 1090 com o progresso e 1089 ao terminar).',
        body: importacaoUploadRequest,
        response: { 200: importacaoUploadResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const { body, pessoa } = request;
      const scope = companyScope(request);
      if (!(await createImportsRepository(scope).campaign(body.ID_Campanha))) throw new ApiError(404, IMPORT_TEXT.campaignNotFound);
      // Size first, from the text's length, before decoding 80 MB of base64.
      const comma = body.TX_Base.indexOf(',');
      if (comma >= 0 && base64Bytes(body.TX_Base.length - comma - 1) > IMPORT_MAX_BYTES + 2) throw new ApiError(413, IMPORT_TEXT.tooBig);
      const file = decodeDataUrl(body.TX_Base);
      if (!file) throw new ApiError(400, IMPORT_TEXT.malformed);
      if (file.length > IMPORT_MAX_BYTES) throw new ApiError(413, IMPORT_TEXT.tooBig);
      if (file.length === 0) throw new ApiError(400, IMPORT_TEXT.empty);
      const lines = countDataLines(file);
      if (lines > IMPORT_MAX_CLIENTS) throw new ApiError(400, IMPORT_TEXT.tooManyLines(lines));

      // The import row and its job commit together: no job without its file, no file without its job.
      const importId = await scope.db.transaction(async (tx) => {
        const id = await createImportsRepository({ db: tx, companyId: scope.companyId }).create({
          campaignId: body.ID_Campanha,
          personId: pessoa.ID_Pessoa,
          sanitize: body.SN_Higienizar,
          file,
          lines,
        });
        const payload: ImportJobPayload = { importId: id };
        await app.jobs.enqueue(tx, IMPORT_JOB, payload, { companyId: scope.companyId, maxAttempts: IMPORT_MAX_ATTEMPTS });
        return id;
      });
      return { success: true, text: IMPORT_TEXT.started, data: { ID_Importacao: importId } };
    },
  );

  app.get(
    '/importacao/modelo.csv',
    {
      preHandler: onlyManagers,
      schema: { tags, summary: 'Modelo de planilha (CSV, `;`, UTF-8 com BOM) que a importação aceita como está.', response: { 200: z.string(), 403: errorResponse } },
    },
    async (_request, reply) =>
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`).send(TEMPLATE_CSV),
  );

  app.get(
    '/importacao/:id',
    {
      preHandler: onlyManagers,
      schema: {
        tags,
        summary: 'Situação da importação (0 Processando, 63 Concluído, 99 Erro), linhas lidas (NU_Lidas de NU_Linhas) e suas contagens.',
        params: idParams,
        response: { 200: importacaoResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const found = await createImportsRepository(companyScope(request)).byId(request.params.id);
      if (!found) throw new ApiError(404, IMPORT_TEXT.importNotFound);
      return { success: true, text: '', data: found };
    },
  );

  app.get(
    '/importacao/:id/rejeitadas',
    {
      preHandler: onlyManagers,
      schema: {
        tags,
        summary: 'As linhas recusadas ou removidas na higienização, com o motivo (CSV `;`, UTF-8 com BOM).',
        params: idParams,
        response: { 200: z.string(), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const repository = createImportsRepository(companyScope(request));
      if (!(await repository.byId(request.params.id))) throw new ApiError(404, IMPORT_TEXT.importNotFound);
      const rows = await repository.rejected(request.params.id);
      // The original text is the uploader's: neutralised like every CSV cell the API writes (http/csv.ts).
      const csv = [csvLine(['Linha', 'Motivo', 'Conteúdo original']), ...rows.map((row) => csvLine([row.line, row.reason, row.raw]))].join('');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="importacao-${request.params.id}-rejeitadas.csv"`)
        .send(CSV_BOM + csv);
    },
  );
};
