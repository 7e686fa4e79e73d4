import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendantStatusResponse,
  attendantsResponse,
  leadsResponse,
  extensionCredentialsResponse,
  attendantStatusRequest,
} from '@consig/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { ownRowsOnly } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { createAttendantRepository } from './attendant.repository';
import { setAttendantStatus, statusAnswer } from './attendantStatus';
import { ephemeralCredentials } from './sip';

const tags = ['Atendente'];

const attendants = (request: FastifyRequest) => createAttendantRepository(companyScope(request));

// Every role of the company may use these: each answers about the caller or lists the caller's company.
export const attendantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/atendente/ramal',
    {
      schema: {
        tags,
        summary: 'Credenciais SIP efêmeras do ramal do usuário (Kamailio auth_ephemeral). Note a grafia `sucess`.',
        response: { 200: extensionCredentialsResponse },
      },
    },
    async (request) => {
      const row = await attendants(request).extensionOf(request.pessoa.ID_Pessoa);
      if (!row || row.sn_telefonia !== 1 || !row.nu_ramal) {
        return { sucess: false, text: 'Usuário não tem ramal.', data: null };
      }
      return { sucess: true, text: 'Ramal encontrado.', data: ephemeralCredentials(row.nu_ramal, app.config.sip) };
    },
  );

  app.get(
    '/atendente',
    { schema: { tags, summary: 'Atendentes da empresa do usuário, por nome.', response: { 200: attendantsResponse } } },
    async (request) => {
      const data = await attendants(request).listAttendants();
      return { success: true, text: `${data.length} atendente(s).`, data };
    },
  );

  app.get(
    '/atendente/status',
    {
      schema: {
        tags,
        summary: 'Situação do usuário: 81 disponível ou 201 em pausa (com o motivo).',
        response: { 200: attendantStatusResponse },
      },
    },
    async (request) => statusAnswer(await attendants(request).statusOf(request.pessoa.ID_Pessoa)),
  );

  app.put(
    '/atendente/tabular',
    {
      schema: {
        tags,
        summary: 'Pausar (202 a 206: motivo) ou voltar a ficar disponível (81).',
        body: attendantStatusRequest,
        response: { 200: attendantStatusResponse },
      },
    },
    async (request) => {
      const answer = await setAttendantStatus(companyScope(request), request.pessoa.ID_Pessoa, request.body.ID_Status, app.clock());
      await app.floor.refresh(request.pessoa.ID_Empresa, request.pessoa.ID_Pessoa);
      return answer;
    },
  );

  app.get(
    '/atendente/lead',
    {
      schema: {
        tags,
        summary: 'Leads: os do próprio atendente; supervisores e gerentes veem os da empresa toda.',
        response: { 200: leadsResponse },
      },
    },
    async (request) => {
      const data = await attendants(request).listLeads({ attendantId: ownRowsOnly(request.pessoa) });
      return { success: true, text: data.length ? `${data.length} lead(s).` : 'Sem leads no momento.', data };
    },
  );
};
