import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParam,
  rateForm,
  rateResponse,
  RATES_TEXT,
  ratesQuery,
  ratesResponse,
  ROLE,
  textResponse,
} from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import * as z from 'zod/mini';
import { requireRoleSaying } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { createRate, listRates, removeRate, type RatesCaller } from './ratesManagement';

const tags = ['Cadastros: taxas'];
const params = z.object({ ID_Taxa: idParam });
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

// The company's rates price every offer: managers only (docs/rules.md "Rates").
export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = requireRoleSaying(RATES_TEXT.managersOnly, ROLE.GERENTE);
  const today = () => saoPauloDate(app.clock());
  const caller = (request: FastifyRequest): RatesCaller => ({ actor: request.pessoa, address: request.ip, today: today() });

  app.get(
    '/cadastros/taxas',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Taxas mensais da empresa por tipo de crédito e banco (ID_Banco: só as daquele banco), com a situação hoje ' +
          '(Em vigor, Futura, Substituída) e o teto em vigor no dia de cada uma.',
        querystring: ratesQuery,
        response: { 200: ratesResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => listRates(companyScope(request), request.query, today()),
  );

  app.post(
    '/cadastros/taxas',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Cadastra uma taxa a partir de DT_Vigencia (sem ID_Banco: para todos os bancos do tipo). Uma taxa nunca é alterada: ' +
          'a nova substitui a anterior no seu dia. Recusada acima do teto em vigor em DT_Vigencia.',
        body: rateForm,
        response: { 200: rateResponse, ...refusals },
      },
    },
    async (request) => createRate(companyScope(request), request.body, caller(request)),
  );

  app.delete(
    '/cadastros/taxas/:ID_Taxa',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Remove uma taxa que ainda não vigorou (DT_Vigencia depois de hoje); as que já vigoraram ficam, para explicar as ofertas.',
        params,
        response: { 200: textResponse, ...refusals },
      },
    },
    async (request) => removeRate(companyScope(request), request.params.ID_Taxa, caller(request)),
  );
};
