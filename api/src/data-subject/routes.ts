import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anonymisationRequest,
  anonymisationResponse,
  DATA_SUBJECT_TEXT,
  dataSubjectDoNotCallResponse,
  dataSubjectParams,
  dataSubjectSummaryResponse,
  errorResponse,
  ROLE,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { requireRoleSaying } from '../auth/roles';
import { companyScope } from '../auth/scope';
import type { RecordingStorage } from '../recordings/storage';
import { anonymiseDataSubject, dataSubjectDoNotCall, dataSubjectSummary, exportDataSubject, type Caller } from './manageDataSubject';
import { registerRecordingRemoval } from './recordingRemoval';

const tags = ['Cadastros: titulares (LGPD)'];
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export interface DataSubjectRoutesOptions {
  /** The recording storage (app.ts): an anonymisation's job removes the client's recordings from it. */
  storage: RecordingStorage;
}

// Only managers (13) answer data-subject requests (docs/rules.md "Data-subject requests (LGPD)"). The role is checked
// before the CPF is read (preValidation), so 11 and 12 learn nothing about a CPF from a 400 or a 404.
export const dataSubjectRoutes: FastifyPluginAsyncZod<DataSubjectRoutesOptions> = async (app, { storage }) => {
  // The job that removes an anonymised client's recording files lives with the feature that enqueues it.
  registerRecordingRemoval(app, storage);
  const managersOnly = requireRoleSaying(DATA_SUBJECT_TEXT.forbidden, ROLE.GERENTE);
  const caller = (request: FastifyRequest): Caller => ({ actor: request.pessoa, address: request.ip, now: app.clock() });

  app.get(
    '/cadastros/titulares/:CO_CPF',
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary:
          'O titular do CPF na empresa: nome mascarado, quantos registros de cada categoria a empresa guarda, e se a anonimização é ' +
          'permitida agora (senão, motivos). CPF de outra empresa: 404, como um desconhecido.',
        params: dataSubjectParams,
        response: { 200: dataSubjectSummaryResponse, ...refusals },
      },
    },
    async (request) => dataSubjectSummary(companyScope(request), request.params.CO_CPF),
  );

  app.get(
    '/cadastros/titulares/:CO_CPF/exportacao',
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary:
          'Tudo o que a empresa guarda do titular em um arquivo JSON (anexo titular-NNNNNN-AAAA-MM-DD.json), com `resumo` legível em ' +
          'português. A exportação fica na auditoria (titular.exportacao, com as contagens).',
        params: dataSubjectParams,
        response: { 200: z.string(), ...refusals },
      },
    },
    async (request, reply) => {
      const { fileName, body } = await exportDataSubject(companyScope(request), request.params.CO_CPF, caller(request));
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A Buffer is sent as it is (never serialized); the 200 schema documents the JSON text it carries.
          .send(Buffer.from(body, 'utf8') as unknown as string)
      );
    },
  );

  app.post(
    '/cadastros/titulares/:CO_CPF/anonimizacao',
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary:
          'Anonimiza o titular em uma transação: dados pessoais do cadastro substituídos, telefones, documentos, gravações, fila, ' +
          'retornos e simulações removidos; propostas mantidas com o que a lei exige guardar. O corpo repete o CPF. 409 com o motivo ' +
          'enquanto houver proposta em andamento, ligação em curso ou atendimento em mãos.',
        params: dataSubjectParams,
        body: anonymisationRequest,
        response: { 200: anonymisationResponse, ...refusals, 409: errorResponse },
      },
    },
    async (request) => anonymiseDataSubject(companyScope(request), request.params.CO_CPF, request.body.CO_CPFConfirmacao, caller(request)),
  );

  app.post(
    '/cadastros/titulares/:CO_CPF/nao-perturbe',
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary: 'Inclui todos os telefones do titular no Não Me Perturbe da empresa (origem "pedido do titular (LGPD)").',
        params: dataSubjectParams,
        response: { 200: dataSubjectDoNotCallResponse, ...refusals },
      },
    },
    async (request) => dataSubjectDoNotCall(companyScope(request), request.params.CO_CPF, caller(request)),
  );
};
