import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  FOLLOWUP_TEXT,
  PROPOSAL_CURSOR_INVALID,
  PROPOSAL_PAGE_SIZE,
  ROLE,
  errorResponse,
  idParam,
  proposalAttendantsResponse,
  proposalBanksResponse,
  proposalDeleteResponse,
  proposalFilterPathParamsByShape,
  proposalHistoryResponse,
  proposalIndicatorsResponse,
  proposalListQuery,
  proposalListResponse,
  proposalStatusChange,
  proposalStatusChangeResponse,
} from '@consig/shared/contracts';
import { ownRowsOnly, requireRoleSaying } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { createFollowUpRepository } from './followup.repository';
import { createProposalStatusRepository } from './proposalStatus.repository';
import { decodeCursor, encodeCursor } from './listCursor';
import { proposalFilterOf } from './proposalFilter';
import { changeProposalStatus } from './statusChange';

const tags = ['Propostas'];

/**
 * The three path shapes of product-spec §7 after a base: no dates, /0/{start}, /0/{start}/{end} (also
 * /0/00000000/{end}), each with the schema of the parameters it has.
 */
export const filterPathShapes = (base: string) =>
  [
    { url: `${base}/:status/:bank/:attendant/:indicator`, params: proposalFilterPathParamsByShape.noDates },
    { url: `${base}/:status/:bank/:attendant/:indicator/0/:start`, params: proposalFilterPathParamsByShape.start },
    { url: `${base}/:status/:bank/:attendant/:indicator/0/:start/:end`, params: proposalFilterPathParamsByShape.startEnd },
  ] as const;

const FILTER_SUMMARY =
  '0 é "sem filtro"; datas AAAAMMDD de digitação no horário de Brasília, inclusivas (00000000 como início: sem início). ' +
  'Atendentes veem só as próprias propostas; supervisores e gerentes, as da empresa.';

/** Follow-up (docs/rules.md "Proposal follow-up"): every role reads; attendants only their own proposals. */
export const followUpRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { url, params } of filterPathShapes('/crm/proposta')) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: `Propostas filtradas, as digitadas mais recentemente primeiro, ${PROPOSAL_PAGE_SIZE} por página (?cursor= TX_Proximo). ${FILTER_SUMMARY}`,
          params,
          querystring: proposalListQuery,
          response: { 200: proposalListResponse, 400: errorResponse },
        },
      },
      async (request) => {
        const after = request.query.cursor === undefined ? null : decodeCursor(request.query.cursor);
        if (after === null && request.query.cursor !== undefined) throw new ApiError(400, PROPOSAL_CURSOR_INVALID);
        const filter = proposalFilterOf(request.params, request.pessoa);
        const proposals = createFollowUpRepository(companyScope(request));
        // One row more than a page says whether there is a next one. Page and total at once: on a server they
        // run on two connections, and the answer waits for the slower, not for both.
        const [rows, total] = await Promise.all([proposals.page(filter, after, PROPOSAL_PAGE_SIZE + 1), proposals.count(filter)]);
        const page = rows.slice(0, PROPOSAL_PAGE_SIZE);
        const next = rows.length > PROPOSAL_PAGE_SIZE ? encodeCursor(page[page.length - 1].position) : null;
        return {
          success: true,
          text: `${total} proposta(s).`,
          data: page.map(({ position: _position, ...item }) => item),
          NU_Total: total,
          TX_Proximo: next,
        };
      },
    );
  }

  app.get(
    '/crm/proposta/banco',
    {
      schema: {
        tags,
        summary: 'Bancos das propostas visíveis ao usuário (filtro "Clientes por Banco").',
        response: { 200: proposalBanksResponse },
      },
    },
    async (request) => {
      const data = await createFollowUpRepository(companyScope(request)).banks(ownRowsOnly(request.pessoa));
      return { success: true, text: `${data.length} banco(s).`, data };
    },
  );

  app.get(
    '/crm/proposta/atendente',
    {
      schema: {
        tags,
        summary:
          'Atendentes da empresa (filtro "Clientes por Atendente"): AtendenteID e DE_Pessoa (product-spec §3); DE_Atendente, ' +
          'o mesmo nome, fica por compatibilidade. Um atendente recebe só a si mesmo.',
        response: { 200: proposalAttendantsResponse },
      },
    },
    async (request) => {
      const data = await createFollowUpRepository(companyScope(request)).attendants(ownRowsOnly(request.pessoa));
      return { success: true, text: `${data.length} atendente(s).`, data };
    },
  );

  app.get(
    '/crm/proposta/indicador',
    {
      schema: { tags, summary: 'Indicadores da empresa (filtro "Clientes por Indicador").', response: { 200: proposalIndicatorsResponse } },
    },
    async (request) => {
      const data = await createFollowUpRepository(companyScope(request)).indicators();
      return { success: true, text: `${data.length} indicador(es).`, data };
    },
  );

  app.put(
    '/crm/proposta',
    {
      schema: {
        tags,
        summary:
          'Muda o status de uma proposta conforme o perfil (docs/rules.md "Proposal status by role"): o atendente só cancela (90) ' +
          'as próprias em 10, 20 ou 30; o supervisor move entre 10, 20, 30, 40, 90 e 91 (saindo de 10 a 40); só o gerente marca ' +
          '50 e 60 e tira de 50, 60, 90 e 91. Cada mudança fica no histórico da proposta (GET /crm/proposta/{id}/historico).',
        body: proposalStatusChange,
        response: { 200: proposalStatusChangeResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const text = await changeProposalStatus(
        companyScope(request),
        request.pessoa,
        request.body.PropostaID,
        request.body.ID_Status,
        request.ip,
      );
      // The screen shows `message` for this answer (product-spec §8).
      return { success: true, text, message: text };
    },
  );

  app.get(
    '/crm/proposta/:id/historico',
    {
      schema: {
        tags,
        summary:
          'Histórico de status da proposta, do registro à última mudança: quando, quem, de qual status para qual. Atendentes, só das próprias.',
        params: z.object({ id: idParam }),
        response: { 200: proposalHistoryResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const data = await createProposalStatusRepository(companyScope(request)).history(request.params.id, ownRowsOnly(request.pessoa));
      if (!data) throw new ApiError(404, FOLLOWUP_TEXT.proposalNotFound);
      return { success: true, text: `${data.length} mudança(s) de status.`, data };
    },
  );

  app.delete(
    '/crm/proposta/:id',
    {
      schema: {
        tags,
        summary: 'Remove uma proposta e os chamados dela. Só gerentes (13); a remoção fica na auditoria (LGPD).',
        params: z.object({ id: idParam }),
        response: { 200: proposalDeleteResponse, 403: errorResponse, 404: errorResponse },
      },
      // Before the id is looked at: a supervisor learns nothing about which proposals exist.
      preValidation: requireRoleSaying(FOLLOWUP_TEXT.deleteForbidden, ROLE.GERENTE),
    },
    async (request) => {
      const removed = await createFollowUpRepository(companyScope(request)).remove(request.params.id, request.pessoa.ID_Pessoa, request.ip);
      if (!removed) throw new ApiError(404, FOLLOWUP_TEXT.proposalNotFound);
      return { success: true, text: FOLLOWUP_TEXT.deleted };
    },
  );
};
