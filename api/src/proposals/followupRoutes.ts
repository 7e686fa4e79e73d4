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
  proposalFilterPathParams,
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
import { decodeCursor, encodeCursor } from './listCursor';
import { proposalFilterOf } from './proposalFilter';

const tags = ['Propostas'];

/** The three path shapes of product-spec §7 after a base: no dates, /0/{start}, /0/{start}/{end} (also /0/00000000/{end}). */
export const filterPathShapes = (base: string) => [
  `${base}/:status/:bank/:attendant/:indicator`,
  `${base}/:status/:bank/:attendant/:indicator/0/:start`,
  `${base}/:status/:bank/:attendant/:indicator/0/:start/:end`,
];

const FILTER_SUMMARY =
  '0 é "sem filtro"; datas AAAAMMDD de digitação no horário de Brasília, inclusivas (00000000 como início: sem início). ' +
  'Atendentes veem só as próprias propostas; supervisores e gerentes, as da empresa.';

/** Follow-up (docs/rules.md "Proposal follow-up"): every role reads; attendants only their own proposals. */
export const followUpRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of filterPathShapes('/crm/proposta')) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: `Propostas filtradas, as digitadas mais recentemente primeiro, ${PROPOSAL_PAGE_SIZE} por página (?cursor= TX_Proximo). ${FILTER_SUMMARY}`,
          params: proposalFilterPathParams,
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
    { schema: { tags, summary: 'Bancos das propostas visíveis ao usuário (filtro "Clientes por Banco").', response: { 200: proposalBanksResponse } } },
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
        summary: 'Atendentes da empresa (filtro "Clientes por Atendente"); um atendente recebe só a si mesmo.',
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
    { schema: { tags, summary: 'Indicadores da empresa (filtro "Clientes por Indicador").', response: { 200: proposalIndicatorsResponse } } },
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
        summary: 'Muda o status de uma proposta (um dos status possíveis). Atendentes, só das próprias propostas.',
        body: proposalStatusChange,
        response: { 200: proposalStatusChangeResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { PropostaID, ID_Status } = request.body;
      const proposals = createFollowUpRepository(companyScope(request));
      if (!(await proposals.isPossibleStatus(ID_Status))) throw new ApiError(400, FOLLOWUP_TEXT.statusInvalid);
      if (!(await proposals.changeStatus(PropostaID, ID_Status, ownRowsOnly(request.pessoa)))) {
        throw new ApiError(404, FOLLOWUP_TEXT.proposalNotFound);
      }
      // The screen shows `message` for this answer (product-spec §8).
      return { success: true, text: FOLLOWUP_TEXT.statusChanged, message: FOLLOWUP_TEXT.statusChanged };
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
      const removed = await createFollowUpRepository(companyScope(request)).remove(request.params.id, request.pessoa.ID_Pessoa);
      if (!removed) throw new ApiError(404, FOLLOWUP_TEXT.proposalNotFound);
      return { success: true, text: FOLLOWUP_TEXT.deleted };
    },
  );
};
