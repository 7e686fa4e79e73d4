import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorResponse, recordingQuery, idParam } from '@consig/shared/contracts';
import { companyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { playRecording, RECORDING_TEXT } from './playback';
import type { RecordingStorage } from './storage';

/** GET /telefonia/ligacoes/{id}/gravacao (docs/rules.md "Call recordings"). */
export const recordingRoutes: FastifyPluginAsyncZod<{ storage: RecordingStorage }> = async (app, { storage }) => {
  app.get(
    '/telefonia/ligacoes/:id/gravacao',
    {
      schema: {
        tags: ['Telefonia'],
        summary:
          'Gravação da ligação (audio/wav, estéreo: cada parte num canal), com Range (206; 416 fora do arquivo). download=1 a envia ' +
          'como anexo. Supervisores e gerentes ouvem as da empresa; o atendente, as das suas ligações. Cada acesso fica registrado.',
        params: z.object({ id: idParam }),
        querystring: recordingQuery,
        response: { 200: z.string(), 206: z.string(), 403: errorResponse, 404: errorResponse, 416: errorResponse },
      },
    },
    async (request, reply) => {
      const playback = await playRecording(
        companyScope(request),
        request.pessoa,
        {
          callId: request.params.id,
          range: request.headers.range,
          download: request.query.download === '1',
          headersOnly: request.method === 'HEAD',
        },
        { storage, clock: app.clock, log: request.log },
      );
      if (playback.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${playback.size}`);
        throw new ApiError(416, RECORDING_TEXT.unsatisfiable);
      }
      // The file is streamed as it is read (never serialized); the schemas document the bytes it carries.
      return reply
        .code(playback.status)
        .headers(playback.headers)
        .send(playback.body as unknown as string);
    },
  );
};
