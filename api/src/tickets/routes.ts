import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ticketsResponse,
  errorResponse,
  FOLLOWUP_TEXT,
  idParam,
  PENDING_TICKETS_LIMIT,
  pendingTicketsResponse,
  ROLE,
  TICKET_DATA_URL_MAX,
  ticketAnswerRequest,
  ticketCreateRequest,
  ticketWriteResponse,
} from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { ownRowsOnly, requireRoleSaying } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { sendStoredFile } from '../files/storedFile';
import { ApiError } from '../http/errors';
import { answerTicket } from './answer';
import { readAttachment } from './attachment';
import { createTicketsRepository, type AttachmentSlot } from './tickets.repository';

const tags = ['Chamados'];

/** The longest TX_Base plus the texts (4,000 characters, up to 6 bytes each once JSON-escaped) and the ids. */
const TICKET_BODY_LIMIT = TICKET_DATA_URL_MAX + 32 * 1024;

/** Supervisors and managers answer tickets (and list the pending ones); attendants only open them. */
const onlyAnswerers = requireRoleSaying(FOLLOWUP_TEXT.answerForbidden, ROLE.SUPERVISOR, ROLE.GERENTE);

// A ticket is visible to whoever sees its proposal (docs/rules.md "Proposals and tickets"): an attendant their
// own proposals', supervisors and managers the company's; anything else answers 404 like a missing one.
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/crm/chamado',
    {
      bodyLimit: TICKET_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Abre um chamado pendente (73) na proposta; anexo opcional: imagem PNG ou JPEG (data URL, até 5 MB).',
        body: ticketCreateRequest,
        response: { 200: ticketWriteResponse, 400: errorResponse, 404: errorResponse, 413: errorResponse },
      },
    },
    async (request) => {
      const { body, pessoa } = request;
      const attachment = readAttachment(body.TX_Base);
      const ticketId = await createTicketsRepository(companyScope(request)).create({
        proposalId: body.ID_Proposta,
        attendantId: ownRowsOnly(pessoa),
        authorId: pessoa.ID_Pessoa,
        text: body.TX_Chamado,
        attachment,
      });
      if (ticketId === undefined) throw new ApiError(404, FOLLOWUP_TEXT.proposalNotFound);
      return { success: true, text: FOLLOWUP_TEXT.ticketCreated, data: { ChamadoID: ticketId } };
    },
  );

  // The router prefers this static path to '/crm/chamado/:ID_Proposta'.
  app.get(
    '/crm/chamado/pendentes',
    {
      preHandler: onlyAnswerers,
      schema: {
        tags,
        summary:
          `Os ${PENDING_TICKETS_LIMIT} chamados pendentes mais antigos da empresa, do mais antigo ao mais novo, com ADE, ` +
          'cliente e atendente; NU_Total conta todos os pendentes.',
        response: { 200: pendingTicketsResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const tickets = createTicketsRepository(companyScope(request));
      // On a server the two run on two connections, and the answer waits for the slower, not for both.
      const [data, total] = await Promise.all([tickets.pending(PENDING_TICKETS_LIMIT), tickets.pendingCount()]);
      return { success: true, text: 'Chamados pendentes.', data, NU_Total: total };
    },
  );

  app.get(
    '/crm/chamado/:ID_Proposta',
    {
      schema: {
        tags,
        summary: 'Os chamados da proposta, do mais novo ao mais antigo.',
        params: z.object({ ID_Proposta: idParam }),
        response: { 200: ticketsResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const proposalId = request.params.ID_Proposta;
      const repository = createTicketsRepository(companyScope(request));
      if (!(await repository.proposalVisible(proposalId, ownRowsOnly(request.pessoa))))
        throw new ApiError(404, FOLLOWUP_TEXT.proposalNotFound);
      return { success: true, text: 'Chamados da proposta.', data: await repository.byProposal(proposalId) };
    },
  );

  const slots: [AttachmentSlot, string][] = [
    [1, 'A imagem anexada ao chamado (PNG ou JPEG).'],
    [2, 'A imagem anexada à resposta do chamado (PNG ou JPEG).'],
  ];
  for (const [slot, summary] of slots) {
    app.get(
      `/crm/chamado/:ChamadoID/${slot}`,
      {
        schema: {
          tags,
          summary,
          params: z.object({ ChamadoID: idParam }),
          response: { 200: z.string(), 400: errorResponse, 404: errorResponse },
        },
      },
      async (request, reply) => {
        const image = await createTicketsRepository(companyScope(request)).attachment(
          request.params.ChamadoID,
          slot,
          ownRowsOnly(request.pessoa),
        );
        if (!image) throw new ApiError(404, 'Anexo não encontrado.');
        return sendStoredFile(reply, image);
      },
    );
  }

  app.post(
    '/crm/chamado/:ChamadoID/resposta',
    {
      preHandler: onlyAnswerers,
      bodyLimit: TICKET_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Responde o chamado (texto e imagem opcional), o que o resolve (75); o autor recebe o alerta 1091 pelo /ws. ' +
          'Um chamado já respondido dá 409.',
        params: z.object({ ChamadoID: idParam }),
        body: ticketAnswerRequest,
        response: {
          200: ticketWriteResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          413: errorResponse,
        },
      },
    },
    async (request) => {
      const { body, pessoa, params } = request;
      await answerTicket(companyScope(request), app.realtime, {
        ticketId: params.ChamadoID,
        answererId: pessoa.ID_Pessoa,
        text: body.TX_Resposta,
        attachment: readAttachment(body.TX_Base),
      });
      return { success: true, text: FOLLOWUP_TEXT.ticketAnswered, data: { ChamadoID: params.ChamadoID } };
    },
  );
};
