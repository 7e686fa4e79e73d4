import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParam,
  peopleQuery,
  peopleResponse,
  personCreatedResponse,
  personForm,
  personResponse,
  ROLE,
  temporaryPasswordResponse,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { createPerson, deactivatePerson, editPerson, listPeople, reactivatePerson, resetPassword, type Caller } from './managePeople';

const tags = ['Cadastros: pessoas'];
const params = z.object({ ID_Pessoa: idParam });
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

// Managers manage everyone of their company, supervisors only attendants (managePeople.ts); attendants nothing.
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);
  const caller = (request: FastifyRequest): Caller => ({ actor: request.pessoa, address: request.ip, now: app.clock() });

  app.get(
    '/cadastros/pessoas',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Pessoas da empresa por nome; q busca no nome ou no e-mail, e filtros por função, ativa e telefonia.',
        querystring: peopleQuery,
        response: { 200: peopleResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => listPeople(companyScope(request), request.query),
  );

  app.post(
    '/cadastros/pessoas',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Cadastra uma pessoa. Com envio de e-mails configurado, ela recebe um convite com um link de uso único, válido por 7 dias, ' +
          'para criar a senha (PW_Temporaria nulo); sem ele, ou se o envio falhar, a resposta traz uma senha temporária, mostrada só ' +
          'nesta resposta (PW_Temporaria), que ela troca ao entrar. ' +
          'Sem NU_Ramal e com telefonia, recebe o menor ramal livre. Supervisores cadastram apenas atendentes.',
        body: personForm,
        response: { 200: personCreatedResponse, ...refusals },
      },
    },
    async (request) =>
      createPerson(companyScope(request), request.body, caller(request), {
        mail: app.config.mail,
        appUrl: app.config.appUrl,
        log: request.log,
      }),
  );

  app.put(
    '/cadastros/pessoas/:ID_Pessoa',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Altera o cadastro (o formulário inteiro). Sem NU_Ramal e com telefonia, a pessoa mantém o ramal que tem; sem telefonia, fica sem. ' +
          'Ninguém muda a própria função; supervisores alteram apenas atendentes.',
        params,
        body: personForm,
        response: { 200: personResponse, ...refusals },
      },
    },
    async (request) => editPerson(companyScope(request), request.params.ID_Pessoa, request.body, caller(request)),
  );

  app.post(
    '/cadastros/pessoas/:ID_Pessoa/desativar',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Desativa a pessoa: não entra mais, suas sessões acabam, os clientes que ela tem em mãos voltam para a fila, seus retornos ' +
          'ficam para qualquer atendente e ela fica offline no painel.',
        params,
        response: { 200: personResponse, ...refusals },
      },
    },
    async (request) => deactivatePerson(companyScope(request), request.params.ID_Pessoa, caller(request)),
  );

  app.post(
    '/cadastros/pessoas/:ID_Pessoa/reativar',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Reativa a pessoa; as sessões que ela tinha continuam encerradas: ela entra de novo.',
        params,
        response: { 200: personResponse, ...refusals },
      },
    },
    async (request) => reactivatePerson(companyScope(request), request.params.ID_Pessoa, caller(request)),
  );

  app.post(
    '/cadastros/pessoas/:ID_Pessoa/senha-temporaria',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Gera uma nova senha temporária, mostrada só nesta resposta; as sessões da pessoa acabam e ela escolhe a própria senha ao entrar.',
        params,
        response: { 200: temporaryPasswordResponse, ...refusals },
      },
    },
    async (request) => resetPassword(companyScope(request), request.params.ID_Pessoa, caller(request)),
  );
};
