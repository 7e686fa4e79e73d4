import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boundedText,
  envelope,
  errorResponse,
  doNotDisturbCsvRequest,
  doNotDisturbCsvResponse,
  doNotDisturbListResponse,
  doNotDisturbRequest,
  ROLE,
  suppressedPhone,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { addSuppressedNumber, importSuppressedNumbers, removeSuppressedNumber, type SuppressionCaller } from './manageSuppression';
import { createSuppressionRepository } from './suppression.repository';
import { parseSuppressionFile } from './suppressionCsv';

const tags = ['Não Me Perturbe'];
const LIST_LIMIT = 200;
/** A CSV of 200,000 numbers as a base64 data URL stays under this. */
const CSV_BODY_LIMIT = 4 * 1024 * 1024;

// Supervisors and managers keep the company's suppression list (docs/rules.md "Who may be called now").
export const suppressionRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyManagers = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);
  const repository = (request: FastifyRequest) => createSuppressionRepository(companyScope(request));
  const caller = (request: FastifyRequest): SuppressionCaller => ({ personId: request.pessoa.ID_Pessoa, address: request.ip });

  app.get(
    '/cadastro/naoperturbe',
    {
      preHandler: onlyManagers,
      schema: {
        tags,
        summary: `Números que a empresa não liga, mais novos primeiro (até ${LIST_LIMIT}); ?busca= filtra por parte do número.`,
        querystring: z.object({ busca: z.optional(boundedText(11).check(z.regex(/^\d*$/, 'Busque só com dígitos.'))) }),
        response: { 200: doNotDisturbListResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const { total, items } = await repository(request).list(request.query.busca ?? '', LIST_LIMIT);
      return { success: true, text: `${total} número(s) na lista.`, data: { NU_Total: total, itens: items } };
    },
  );

  app.post(
    '/cadastro/naoperturbe',
    {
      preHandler: onlyManagers,
      schema: {
        tags,
        summary: 'Inclui um número na lista.',
        body: doNotDisturbRequest,
        response: { 200: envelope(z.null()), 403: errorResponse },
      },
    },
    async (request) => {
      const added = await addSuppressedNumber(companyScope(request), request.body.DE_Telefone, caller(request));
      return { success: true, text: added ? 'Número incluído na lista Não Me Perturbe.' : 'O número já estava na lista.', data: null };
    },
  );

  app.delete(
    '/cadastro/naoperturbe/:telefone',
    {
      preHandler: onlyManagers,
      schema: {
        tags,
        summary: 'Retira um número da lista.',
        params: z.object({ telefone: suppressedPhone }),
        response: { 200: envelope(z.null()), 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      if (!(await removeSuppressedNumber(companyScope(request), request.params.telefone, caller(request))))
        throw new ApiError(404, 'Número não está na lista.');
      return { success: true, text: 'Número retirado da lista Não Me Perturbe.', data: null };
    },
  );

  app.post(
    '/cadastro/naoperturbe/csv',
    {
      preHandler: onlyManagers,
      bodyLimit: CSV_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Inclui os números de um arquivo CSV ou texto (data URL), um por linha na primeira coluna; tudo ou nada.',
        body: doNotDisturbCsvRequest,
        response: { 200: doNotDisturbCsvResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const parsed = parseSuppressionFile(request.body.TX_Base);
      if ('error' in parsed) throw new ApiError(400, parsed.error);
      if (parsed.numbers.length === 0) throw new ApiError(400, 'Nenhum telefone válido no arquivo.');
      const added = await importSuppressedNumbers(
        companyScope(request),
        parsed.numbers,
        request.body.DE_Origem ?? 'arquivo',
        caller(request),
      );
      return {
        success: true,
        text: `${added} número(s) incluído(s); ${parsed.numbers.length - added} já estava(m) na lista; ${parsed.invalidLines.length} linha(s) inválida(s).`,
        data: {
          NU_Incluidos: added,
          NU_JaExistentes: parsed.numbers.length - added,
          NU_Invalidos: parsed.invalidLines.length,
          linhasInvalidas: parsed.invalidLines.slice(0, 100),
        },
      };
    },
  );
};
