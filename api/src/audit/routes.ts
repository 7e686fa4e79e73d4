import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_TEXT,
  ROLE,
  auditFilterQuery,
  auditListQuery,
  auditListResponse,
  errorResponse,
  type AuditFilterQuery,
} from '@consig/shared/contracts';
import { ApiError } from '../http/errors';
import { recordAudit } from './audit';
import { createAuditRepository, type AuditFilter } from './audit.repository';
import { auditCsv } from './auditCsv';
import { decodeAuditCursor, encodeAuditCursor } from './auditCursor';

const tags = ['Auditoria'];

const FILTER_SUMMARY =
  'Filtros opcionais: DT_Inicio e DT_Fim (AAAA-MM-DD, dias no horário de Brasília, inclusivos), ID_Pessoa (quem agiu) e TP_Acao. ' +
  'Só gerentes (13).';

/**
 * Managers only (docs/rules.md "Audit"). Not auth/roles.ts's requireRoleSaying: auth writes audit rows itself, so
 * this platform folder may not import it (tooling/eslintConfig.mjs). preValidation, so a refused role learns
 * nothing from the validation of its query.
 */
async function managersOnly(request: FastifyRequest): Promise<void> {
  if (request.pessoa.ID_Funcao !== ROLE.GERENTE) throw new ApiError(403, AUDIT_TEXT.forbidden);
}

/** The caller's company's audit (every statement bound to it), and the query's filter; 404 for a person not of it. */
async function scoped(request: FastifyRequest, query: AuditFilterQuery) {
  const audit = createAuditRepository(request.server.db, request.pessoa.ID_Empresa);
  const filter: AuditFilter = {
    start: query.DT_Inicio ?? null,
    end: query.DT_Fim ?? null,
    personId: query.ID_Pessoa ?? null,
    action: query.TP_Acao ?? null,
  };
  if (filter.personId !== null && !(await audit.personExists(filter.personId))) throw new ApiError(404, AUDIT_TEXT.personNotFound);
  return { audit, filter };
}

/** The filters a query carried, as the export's own audit row records them. */
const givenFilters = (query: AuditFilterQuery) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string | number>;

/** 'Cadastros' → 'Auditoria': the company's audit, newest first, and its CSV (docs/rules.md "Audit"). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cadastros/auditoria',
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary: `Auditoria da empresa, a mais recente primeiro, ${AUDIT_PAGE_SIZE} por página (?cursor= TX_Proximo). ${FILTER_SUMMARY}`,
        querystring: auditListQuery,
        response: { 200: auditListResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { cursor, ...query } = request.query;
      const after = cursor === undefined ? null : decodeAuditCursor(cursor);
      if (after === null && cursor !== undefined) throw new ApiError(400, AUDIT_TEXT.cursorInvalid);
      const { audit, filter } = await scoped(request, query);
      // One row more than a page says whether there is a next one.
      const rows = await audit.page(filter, after, AUDIT_PAGE_SIZE + 1);
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const next = rows.length > AUDIT_PAGE_SIZE ? encodeAuditCursor(page[page.length - 1].position) : null;
      return { success: true, text: `${page.length} registro(s) nesta página.`, data: page.map(({ row }) => row), TX_Proximo: next };
    },
  );

  app.get(
    '/cadastros/auditoria/csv',
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary:
          `Exporta a auditoria do filtro como auditoria.csv: UTF-8 com BOM, ";", datas dd/mm/aaaa HH:MM no horário de Brasília. ${FILTER_SUMMARY} ` +
          'A própria exportação fica na auditoria (auditoria.exportacao, com os filtros).',
        querystring: auditFilterQuery,
        response: { 200: z.string(), 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { audit, filter } = await scoped(request, request.query);
      // Recorded before the first byte, so an export cut midway is on record too.
      await recordAudit(request.server.db, {
        companyId: request.pessoa.ID_Empresa,
        personId: request.pessoa.ID_Pessoa,
        action: 'auditoria.exportacao',
        address: request.ip,
        detail: { filtros: givenFilters(request.query) },
      });
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="auditoria.csv"')
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialized); the 200 schema documents the CSV text it carries.
          .send(Readable.from(auditCsv(audit, filter)) as unknown as string)
      );
    },
  );
};
