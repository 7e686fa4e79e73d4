import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorResponse, reportQuery, reportResponse, ROLE } from '@consig/shared/contracts';
import { recordAudit } from '../audit/audit';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { CSV_BOM } from '../http/csv';
import { periodReport, reportCsv, reportFilter } from './periodReport';

const tags = ['Relatórios'];
const period =
  'Período em dias de São Paulo (inicio e fim inclusivos, até 13 meses), campanha e atendente opcionais, por dia ou por hora do dia. ' +
  'Ligações pelo início, resultados pelo registro, propostas pela digitação, tempos de estado cortados nas bordas de cada hora.';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/relatorios/periodo',
    {
      preHandler: requireRole(ROLE.SUPERVISOR, ROLE.GERENTE),
      schema: {
        tags,
        summary: `Os números do período. ${period}`,
        querystring: reportQuery,
        response: { 200: reportResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const data = await periodReport(companyScope(request), reportFilter(request.query, app.clock()));
      return { success: true, text: data.linhas.length ? `${data.linhas.length} linha(s).` : 'Nenhuma atividade no período.', data };
    },
  );

  app.get(
    '/relatorios/periodo/csv',
    {
      preHandler: requireRole(ROLE.SUPERVISOR, ROLE.GERENTE),
      schema: {
        tags,
        summary: `A tabela do relatório em CSV (\`;\`, UTF-8 com BOM, vírgula decimal), com a linha 'Total'. ${period}`,
        querystring: reportQuery,
        response: { 200: z.string(), 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const filter = reportFilter(request.query, app.clock());
      const scope = companyScope(request);
      const report = await periodReport(scope, filter);
      // Every export is audited (docs/rules.md "Audit"), with what was asked.
      await recordAudit(scope.db, {
        companyId: scope.companyId,
        personId: request.pessoa.ID_Pessoa,
        action: 'relatorio.exportacao',
        address: request.ip,
        detail: { filtros: request.query },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="relatorio-${filter.first}-a-${filter.last}-${filter.by}.csv"`)
        .send(CSV_BOM + reportCsv(report));
    },
  );
};
