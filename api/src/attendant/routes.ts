import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attendantStatusResponse,
  atendentesResponse,
  leadsResponse,
  ramalResponse,
  tabularRequest,
  type AttendantStatusResponse,
} from '@consig/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { ownRowsOnly } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError, TEXT } from '../http/errors';
import { createQueueRepository } from '../queue/queue.repository';
import { createAttendantRepository, type AttendantStatus } from './attendant.repository';
import { ephemeralCredentials } from './sip';

const tags = ['Atendente'];

const attendants = (request: FastifyRequest) => createAttendantRepository(companyScope(request));

function statusAnswer(row: AttendantStatus | undefined): AttendantStatusResponse {
  // The bearer hook has just found the person; gone now means removed in between: the session ended.
  if (!row) throw new ApiError(401, TEXT.unauthorized);
  const text = row.DE_MotivoPausa ? `Pausa registrada: ${row.DE_MotivoPausa}.` : 'Você está disponível.';
  const status = { ID_Status: row.ID_Status, ID_MotivoPausa: row.ID_MotivoPausa };
  return { success: true, text, ...status, data: status };
}

// Every role of the company may use these: each answers about the caller or lists the caller's company.
export const attendantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/atendente/ramal',
    {
      schema: {
        tags,
        summary: 'Credenciais SIP efêmeras do ramal do usuário (Kamailio auth_ephemeral). Note a grafia `sucess`.',
        response: { 200: ramalResponse },
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
    { schema: { tags, summary: 'Atendentes da empresa do usuário, por nome.', response: { 200: atendentesResponse } } },
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
        body: tabularRequest,
        response: { 200: attendantStatusResponse },
      },
    },
    async (request) => {
      const { ID_Pessoa: personId, ID_Empresa: companyId } = request.pessoa;
      // The status and its line in the attendance history (reports count pauses) commit together.
      return app.db.transaction(async (tx) => {
        const repository = createAttendantRepository({ db: tx, companyId });
        await repository.setStatus(personId, request.body.ID_Status);
        await createQueueRepository({ db: tx, companyId }).record({ attendantId: personId, status: request.body.ID_Status, at: app.clock() });
        return statusAnswer(await repository.statusOf(personId));
      });
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
