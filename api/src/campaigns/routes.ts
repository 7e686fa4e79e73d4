import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAMPAIGN_STATUS,
  CAMPAIGN_TEXT,
  campaignAttendantsResponse,
  campaignCreatedResponse,
  campaignDeletedResponse,
  campaignNumberRequest,
  campaignNumberResponse,
  campaignSummaryResponse,
  campaignsResponse,
  campaignStatusResponse,
  createCampaignRequest,
  duplicateCampaignRequest,
  errorResponse,
  idParam,
  companyNumbersResponse,
  ROLE,
  saveAttendantsRequest,
  saveAttendantsResponse,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createCampaignsRepository } from './campaigns.repository';

const tags = ['Campanhas'];
/** The same text for an unknown campaign and another company's (docs/rules.md "Tenancy"). */
export const CAMPAIGN_NOT_FOUND = 'Campanha não encontrada.';
export const ATTENDANT_NOT_FOUND = 'Atendente não encontrado.';
export const CALLER_NUMBER_SAVED = 'Número de saída da campanha atualizado.';

/** The allowed status changes (docs/rules.md "Campaign management") and the text of a refused one. */
const TRANSITIONS = {
  iniciar: {
    from: [CAMPAIGN_STATUS.CRIADO, CAMPAIGN_STATUS.PAUSADO],
    to: CAMPAIGN_STATUS.EM_ANDAMENTO,
    done: 'Campanha iniciada.',
    refused: 'Só é possível iniciar uma campanha criada ou pausada.',
  },
  pausar: {
    from: [CAMPAIGN_STATUS.EM_ANDAMENTO],
    to: CAMPAIGN_STATUS.PAUSADO,
    done: 'Campanha pausada.',
    refused: 'Só é possível pausar uma campanha em andamento.',
  },
} as const;
export const DELETE_RUNNING_TEXT = 'Pause a campanha antes de excluí-la.';
export const DELETE_IMPORTING_TEXT = 'Aguarde o fim da importação para excluir a campanha.';

const manage = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);
const idParams = z.object({ id: idParam });
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readable by every role of the company (docs/rules.md "Roles"): an attendant's campaign header needs it.
  app.get(
    '/cadastro/campanhas',
    {
      schema: {
        tags,
        summary: 'Campanhas da empresa, mais novas primeiro; `importacao` é null sem arquivo importado.',
        response: { 200: campaignsResponse },
      },
    },
    async (request) => {
      const data = await createCampaignsRepository(companyScope(request)).list();
      return { success: true, text: `${data.length} campanha(s).`, data };
    },
  );

  app.post(
    '/cadastro/campanha',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Cria uma campanha (26 Criado) com o próximo código da empresa (CMP-0001, CMP-0002, ...).',
        body: createCampaignRequest,
        response: { 200: campaignCreatedResponse, ...refusals },
      },
    },
    async (request) => {
      const campaigns = createCampaignsRepository(companyScope(request));
      if (!(await campaigns.agencyExists(request.body.ID_Orgao))) throw new ApiError(400, `ID_Orgao: ${CAMPAIGN_TEXT.selectAgency}`);
      const data = await campaigns.create(request.body.DE_Campanha.trim(), request.body.ID_Orgao);
      return { success: true, text: `Campanha ${data.CO_Campanha} criada.`, data };
    },
  );

  for (const [action, rule] of Object.entries(TRANSITIONS)) {
    app.put(
      `/cadastro/campanha/:id/${action}`,
      {
        preHandler: manage,
        schema: {
          tags,
          summary: `Muda a campanha para ${rule.to}; permitido só a partir de ${rule.from.join(' ou ')} (409 nos demais).`,
          params: idParams,
          response: { 200: campaignStatusResponse, ...refusals, 409: errorResponse },
        },
      },
      async (request) => {
        const campaigns = createCampaignsRepository(companyScope(request));
        const status = await campaigns.transition(request.params.id, rule.from, rule.to);
        if (status === undefined) {
          if ((await campaigns.statusOf(request.params.id)) === undefined) throw new ApiError(404, CAMPAIGN_NOT_FOUND);
          throw new ApiError(409, rule.refused);
        }
        return { success: true, text: rule.done, data: { CampanhaID: request.params.id, ID_Status: status } };
      },
    );
  }

  app.post(
    '/cadastro/campanha/duplicar',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Copia a campanha (26 Criado, nome com ' (cópia)', novo código) com seus atendentes, sem clientes nem fila.",
        body: duplicateCampaignRequest,
        response: { 200: campaignCreatedResponse, ...refusals },
      },
    },
    async (request) => {
      const data = await createCampaignsRepository(companyScope(request)).duplicate(request.body.CampanhaID);
      if (!data) throw new ApiError(404, CAMPAIGN_NOT_FOUND);
      return { success: true, text: `Campanha duplicada como ${data.CO_Campanha}.`, data };
    },
  );

  app.delete(
    '/cadastro/campanha/:id',
    {
      preHandler: manage,
      schema: {
        tags,
        summary:
          'Exclui a campanha com sua fila, seus atendentes e importações; recusado (409) em andamento ou com importação em processamento.',
        params: idParams,
        response: { 200: campaignDeletedResponse, ...refusals, 409: errorResponse },
      },
    },
    async (request) => {
      const outcome = await createCampaignsRepository(companyScope(request)).remove(request.params.id);
      if (outcome === 'missing') throw new ApiError(404, CAMPAIGN_NOT_FOUND);
      if (outcome === 'running') throw new ApiError(409, DELETE_RUNNING_TEXT);
      if (outcome === 'importing') throw new ApiError(409, DELETE_IMPORTING_TEXT);
      return { success: true, text: 'Campanha excluída.', data: null };
    },
  );

  app.get(
    '/cadastro/campanha/:id/atendentes',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Atendentes ativos da empresa, cada um com SN_Selecionado nesta campanha (0 quando não vinculado).',
        params: idParams,
        response: { 200: campaignAttendantsResponse, ...refusals },
      },
    },
    async (request) => {
      const campaigns = createCampaignsRepository(companyScope(request));
      if ((await campaigns.statusOf(request.params.id)) === undefined) throw new ApiError(404, CAMPAIGN_NOT_FOUND);
      const data = await campaigns.attendantsOf(request.params.id);
      return { success: true, text: `${data.length} atendente(s).`, data };
    },
  );

  app.post(
    '/cadastro/campanha/atendentes',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Grava os vínculos listados numa transação; um id que não é atendente ativo da empresa (404) não grava nada.',
        body: saveAttendantsRequest,
        response: { 200: saveAttendantsResponse, ...refusals },
      },
    },
    async (request) => {
      const { ID_Campanha, atendentes } = request.body;
      const outcome = await createCampaignsRepository(companyScope(request)).setAttendants(ID_Campanha, atendentes);
      if (outcome === 'missing-campaign') throw new ApiError(404, CAMPAIGN_NOT_FOUND);
      if (outcome === 'unknown-attendant') throw new ApiError(404, ATTENDANT_NOT_FOUND);
      const NU_Selecionados = atendentes.filter((a) => a.SN_Selecionado === 1).length;
      return { success: true, text: 'Atendentes da campanha salvos.', data: { NU_Selecionados } };
    },
  );

  // The caller number of each campaign (our extension; docs/rules.md "Calls" → "Numbers").
  app.get(
    '/cadastro/numeros',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Números da empresa na operadora (o principal primeiro), para escolher o número de saída de cada campanha.',
        response: { 200: companyNumbersResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const data = await createCampaignsRepository(companyScope(request)).numbers();
      return { success: true, text: `${data.length} número(s).`, data };
    },
  );

  app.put(
    '/cadastro/campanha/:id/numero',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Escolhe o número de saída da campanha entre os da empresa; null volta ao número principal da empresa.',
        params: idParams,
        body: campaignNumberRequest,
        response: { 200: campaignNumberResponse, ...refusals },
      },
    },
    async (request) => {
      const { ID_Numero } = request.body;
      const outcome = await createCampaignsRepository(companyScope(request)).setCallerNumber(request.params.id, ID_Numero);
      if (outcome === 'missing-campaign') throw new ApiError(404, CAMPAIGN_NOT_FOUND);
      if (outcome === 'unknown-number') throw new ApiError(400, `ID_Numero: ${CAMPAIGN_TEXT.callerNumber}`);
      return { success: true, text: CALLER_NUMBER_SAVED, data: { CampanhaID: request.params.id, ID_NumeroSaida: ID_Numero } };
    },
  );

  app.get(
    '/cadastro/campanha/:id/resumo',
    {
      preHandler: manage,
      schema: {
        tags,
        summary: 'Dados da campanha: nome, código, contagens da importação e datas da solicitação e da baixa.',
        params: idParams,
        response: { 200: campaignSummaryResponse, ...refusals },
      },
    },
    async (request) => {
      const data = await createCampaignsRepository(companyScope(request)).summary(request.params.id);
      if (!data) throw new ApiError(404, CAMPAIGN_NOT_FOUND);
      return { success: true, text: `Campanha ${data.CO_Campanha}.`, data };
    },
  );
};
