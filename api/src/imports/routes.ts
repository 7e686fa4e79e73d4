import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParam,
  IMPORT_DATA_URL_MAX,
  IMPORT_TEXT,
  campaignImportResponse,
  importUploadRequest,
  importUploadResponse,
  ROLE,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { recordAudit } from '../audit/audit';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { timeSlices } from '../files/timeSlices';
import { CONTROL_CHARACTERS_TEXT, controlCharacterPath, hasControlCharacter } from '../http/controlCharacters';
import { CSV_BOM, csvLine } from '../http/csv';
import { ApiError, validationText } from '../http/errors';
import { acceptLargeJsonBodies, textPieces } from '../files/largeJsonBody';
import { createImportsRepository } from './imports.repository';
import { startUpload } from './startImport';
import { TEMPLATE_CSV, TEMPLATE_FILE_NAME } from './template';

const tags = ['Importação'];
const idParams = z.object({ id: idParam });

/** The route's body limit: the longest TX_Base plus the other JSON fields. */
const UPLOAD_BODY_LIMIT = IMPORT_DATA_URL_MAX + 1024;

/** Characters of the file checked at a time (about a millisecond). */
const CHECK_PIECE = 256 * 1024;

const controlCharactersIn = (path: string[]) =>
  new ApiError(400, validationText([{ instancePath: `/${path.join('/')}`, message: CONTROL_CHARACTERS_TEXT }]));

/**
 * The upload's check of control characters (docs/rules.md "Bad input"), the app's hook's (http/controlCharacters.ts)
 * but for the file, checked a piece at a time: in one pass, the hook's check of an 80 MB data URL would hold up
 * every other request for about a tenth of a second.
 */
async function refuseControlCharacters(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query]) {
    const path = controlCharacterPath(part);
    if (path) throw controlCharactersIn(path);
  }
  const body = request.body;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const file = typeof fields.TX_Base === 'string' ? (textPieces(request, 'TX_Base') ?? [fields.TX_Base]) : null;
  if (file !== null) {
    const turn = timeSlices();
    for (const piece of file) {
      for (let from = 0; from < piece.length; from += CHECK_PIECE) {
        if (hasControlCharacter(piece.slice(from, from + CHECK_PIECE))) throw controlCharactersIn(['TX_Base']);
        await turn();
      }
    }
  }
  const path = controlCharacterPath(file === null ? body : { ...fields, TX_Base: '' });
  if (path) throw controlCharactersIn(path);
}

// Supervisors and managers fill campaigns (docs/rules.md "CSV imports and provider batches"); another
// company's campaign or import answers 404.
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyManagers = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);
  // The upload's body carries the file: parsed without holding up the other requests.
  acceptLargeJsonBodies(app);

  app.post(
    '/importacao/upload',
    {
      preValidation: refuseControlCharacters,
      preHandler: onlyManagers,
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { ownControlCharacterCheck: true },
      schema: {
        tags,
        summary:
          'Recebe um CSV (data URL, até 60 MB e 50.000 clientes) para a campanha e responde na hora; a importação roda ' +
          'como tarefa (GET /importacao/{id} com NU_Lidas de NU_Linhas; pelo /ws, alerta 1090 com o progresso e 1089 ao terminar).',
        body: importUploadRequest,
        response: { 200: importUploadResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const dataUrl = textPieces(request, 'TX_Base') ?? [request.body.TX_Base];
      const importId = await startUpload(companyScope(request), request.pessoa.ID_Pessoa, request.body, dataUrl);
      return { success: true, text: IMPORT_TEXT.started, data: { ID_Importacao: importId } };
    },
  );

  app.get(
    '/importacao/modelo.csv',
    {
      preHandler: onlyManagers,
      schema: {
        tags,
        summary: 'Modelo de planilha (CSV, `;`, UTF-8 com BOM) que a importação aceita como está.',
        response: { 200: z.string(), 403: errorResponse },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`)
        .send(TEMPLATE_CSV),
  );

  app.get(
    '/importacao/:id',
    {
      preHandler: onlyManagers,
      schema: {
        tags,
        summary: 'Situação da importação (0 Processando, 63 Concluído, 99 Erro), linhas lidas (NU_Lidas de NU_Linhas) e suas contagens.',
        params: idParams,
        response: { 200: campaignImportResponse, 403: errorResponse, 404: errorResponse },
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
      const scope = companyScope(request);
      const repository = createImportsRepository(scope);
      if (!(await repository.byId(request.params.id))) throw new ApiError(404, IMPORT_TEXT.importNotFound);
      const rows = await repository.rejected(request.params.id);
      // The lines hold clients' personal data as typed: the export is audited (docs/rules.md "Audit").
      await recordAudit(scope.db, {
        companyId: scope.companyId,
        personId: request.pessoa.ID_Pessoa,
        action: 'importacao.rejeitadas_exportacao',
        address: request.ip,
        detail: { ID_Importacao: request.params.id, NU_Linhas: rows.length },
      });
      // The original text is the uploader's: neutralised like every CSV cell the API writes (http/csv.ts).
      const csv = [csvLine(['Linha', 'Motivo', 'Conteúdo original']), ...rows.map((row) => csvLine([row.line, row.reason, row.raw]))].join(
        '',
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="importacao-${request.params.id}-rejeitadas.csv"`)
        .send(CSV_BOM + csv);
    },
  );
};
