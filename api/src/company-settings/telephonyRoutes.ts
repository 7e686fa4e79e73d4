import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPANY_NUMBER_TEXT,
  companyNumberForm,
  companyNumberRowResponse,
  companyNumberRowsResponse,
  errorResponse,
  idParam,
  ROLE,
  telephonySettingsRequest,
  telephonySettingsResponse,
  textResponse,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { requireRole, requireRoleSaying } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { createNumber, editNumber, listNumbers, removeNumber, type TelephonyCaller } from './telephonyNumbers';
import { saveTelephonySettings, telephonySettings } from './telephonySettings';

const tags = ['Cadastros: telefonia'];
const params = z.object({ ID_Numero: idParam });
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

// Supervisors and managers read the company's telephony (as GET /cadastro/numeros); only managers change it.
export const telephonyRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);
  const managers = requireRoleSaying(COMPANY_NUMBER_TEXT.managersOnly, ROLE.GERENTE);
  const caller = (request: FastifyRequest): TelephonyCaller => ({ actor: request.pessoa, address: request.ip });

  app.get(
    '/cadastros/numeros',
    {
      preHandler: readers,
      schema: {
        tags,
        summary:
          'Números da empresa na operadora (o principal primeiro), cada um com as campanhas que ligam por ele: as que o escolheram e, ' +
          'para o principal, as que não escolheram nenhum.',
        response: { 200: companyNumberRowsResponse, 403: errorResponse },
      },
    },
    async (request) => listNumbers(companyScope(request)),
  );

  app.post(
    '/cadastros/numeros',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Cadastra um número (DDD + número, ou 0300/0303/0500/0800/0900). SN_Principal 1 o torna o número principal no lugar do atual; ' +
          'SN_Entrada 1 faz as ligações para ele chegarem aos atendentes. Um número pertence a uma só empresa.',
        body: companyNumberForm,
        response: { 200: companyNumberRowResponse, ...refusals },
      },
    },
    async (request) => createNumber(companyScope(request), request.body, caller(request)),
  );

  app.put(
    '/cadastros/numeros/:ID_Numero',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Altera o número (o formulário inteiro). O principal continua principal até outro número ser tornado principal; ' +
          'com SN_Entrada 0 as ligações para ele deixam de chegar.',
        params,
        body: companyNumberForm,
        response: { 200: companyNumberRowResponse, ...refusals },
      },
    },
    async (request) => editNumber(companyScope(request), request.params.ID_Numero, request.body, caller(request)),
  );

  app.delete(
    '/cadastros/numeros/:ID_Numero',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Remove o número; as ligações para ele deixam de chegar. Recusado para o número principal e para um número de saída de ' +
          'campanhas (a resposta diz quais).',
        params,
        response: { 200: textResponse, ...refusals },
      },
    },
    async (request) => removeNumber(companyScope(request), request.params.ID_Numero, caller(request)),
  );

  app.get(
    '/cadastros/empresa/telefonia',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Retenção das gravações (dias) e limite de pós-atendimento (segundos) da empresa.',
        response: { 200: telephonySettingsResponse, 403: errorResponse },
      },
    },
    async (request) => telephonySettings(companyScope(request)),
  );

  app.put(
    '/cadastros/empresa/telefonia',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Gerente define a retenção das gravações (1 a 3650 dias) e o limite de pós-atendimento (10 a 3600 s, a mesma regra de ' +
          'PUT /relatorios/ao-vivo/limite), juntos. Cada mudança fica na auditoria.',
        body: telephonySettingsRequest,
        response: { 200: telephonySettingsResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => saveTelephonySettings(companyScope(request), request.body, caller(request)),
  );
};
