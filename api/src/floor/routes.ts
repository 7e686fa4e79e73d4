import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  afterCallLimitRequest,
  attendantStatusRequest,
  attendantStatusResponse,
  errorResponse,
  floorAttendantParams,
  floorBoardResponse,
  LISTENING_TEXT,
  listeningAnswerRequest,
  listeningOfferResponse,
  listeningParams,
  myDayResponse,
  textResponse,
  ROLE,
} from '@consig/shared/contracts';
import { rtpengineControl } from '../calls/rtpengineControl';
import { requireRole } from '../auth/roles';
import { companyScope } from '../auth/scope';
import { answerListening, startListening, stopListening } from './listening';
import { liveBoard, myDay, setAfterCallLimit, setStatusFor } from './liveBoard';

const tags = ['Piso (ao vivo)'];

export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  // The media relay, asked directly for a supervisor's listening (none when telephony is off).
  const control = app.config.sip.rtpengineNg ? rtpengineControl(app.config.sip.rtpengineNg) : null;
  const supervisors = requireRole(ROLE.SUPERVISOR, ROLE.GERENTE);

  app.get(
    '/relatorios/ao-vivo',
    {
      preHandler: supervisors,
      schema: {
        tags,
        summary:
          'O piso agora: cada atendente ativo da empresa com seu estado (derivado pelo servidor) e desde quando, campanha, cliente ' +
          '(CPF parcial), ligações, tempo falado, propostas e valor de hoje; o limite de pós-atendimento e os retornos vencidos. ' +
          `As mudanças chegam pelo /ws (TP_Alerta 1092, DE_Dados: a linha do atendente).`,
        response: { 200: floorBoardResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const data = await liveBoard(companyScope(request), app.clock());
      return { success: true, text: `${data.atendentes.length} atendente(s).`, data };
    },
  );

  app.put(
    '/relatorios/ao-vivo/limite',
    {
      preHandler: requireRole(ROLE.GERENTE),
      schema: {
        tags,
        summary:
          'Gerente define o limite de pós-atendimento da empresa (segundos, de 10 a 3600; padrão 60): acima dele o painel sinaliza o ' +
          'atendente. Fica na auditoria.',
        body: afterCallLimitRequest,
        response: { 200: textResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const seconds = request.body.NU_LimitePosAtendimento;
      await setAfterCallLimit(companyScope(request), request.pessoa, seconds, request.ip);
      return { success: true, text: `Limite de pós-atendimento: ${seconds} s.` };
    },
  );

  app.put(
    '/relatorios/ao-vivo/:AtendenteID/status',
    {
      preHandler: supervisors,
      schema: {
        tags,
        summary:
          'Supervisor pausa um atendente (202 a 206: motivo) ou o retoma (81). Fica na auditoria; a tela do atendente é avisada pelo /ws (TP_Alerta 1093).',
        params: floorAttendantParams,
        body: attendantStatusRequest,
        response: { 200: attendantStatusResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) =>
      setStatusFor(companyScope(request), {
        actor: request.pessoa,
        address: request.ip,
        attendantId: request.params.AtendenteID,
        status: request.body.ID_Status,
        now: app.clock(),
        floor: app.floor,
        realtime: app.realtime,
      }),
  );

  app.post(
    '/relatorios/ao-vivo/:AtendenteID/ouvir',
    {
      preHandler: supervisors,
      schema: {
        tags,
        summary:
          'Ouvir a ligação em curso do atendente, em silêncio: o rtpengine oferece (SDP) as duas pontas da ligação só ao navegador do ' +
          'supervisor, que responde com PUT /relatorios/ao-vivo/escuta/{ID_Escuta}. Nenhuma das partes é avisada. Fica na auditoria.',
        params: floorAttendantParams,
        response: { 200: listeningOfferResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 503: errorResponse },
      },
    },
    async (request) => {
      const data = await startListening(companyScope(request), request.params.AtendenteID, {
        actor: request.pessoa,
        address: request.ip,
        now: app.clock(),
        control,
      });
      return { success: true, text: LISTENING_TEXT.started, data };
    },
  );

  app.put(
    '/relatorios/ao-vivo/escuta/:ID_Escuta',
    {
      preHandler: supervisors,
      schema: {
        tags,
        summary: 'A resposta (SDP, só recebe) do navegador de quem pediu a escuta: o áudio passa a chegar a ele.',
        params: listeningParams,
        body: listeningAnswerRequest,
        response: { 200: textResponse, 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 503: errorResponse },
      },
    },
    async (request) => {
      await answerListening(companyScope(request), request.params.ID_Escuta, request.body.DE_Respostas, { actor: request.pessoa, control });
      return { success: true, text: LISTENING_TEXT.answered };
    },
  );

  app.delete(
    '/relatorios/ao-vivo/escuta/:ID_Escuta',
    {
      preHandler: supervisors,
      schema: {
        tags,
        summary: 'Encerra a escuta (a ligação segue).',
        params: listeningParams,
        response: { 200: textResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await stopListening(companyScope(request), request.params.ID_Escuta, { actor: request.pessoa, now: app.clock(), control });
      return { success: true, text: LISTENING_TEXT.stopped };
    },
  );

  app.get(
    '/atendente/meu-dia',
    {
      schema: {
        tags,
        summary: 'O dia do próprio atendente até agora (dia de São Paulo): ligações, tempo falado, tempo em pausa, propostas e valor.',
        response: { 200: myDayResponse },
      },
    },
    async (request) => {
      const data = await myDay(companyScope(request), request.pessoa.ID_Pessoa, app.clock());
      return { success: true, text: 'Seu dia até agora.', data };
    },
  );
};
