/**
 * The endpoints Kamailio calls (docs/rules.md "Calls"; the wire is in that section): its edge decisions and
 * its dialog events. One encapsulated plugin, outside the users' bearer scope, with its own ways: Kamailio's
 * shared secret instead of a session, form bodies instead of JSON, and plain `chave=valor;...` answers (errors
 * included) that its {param.value} transformation reads. Not in the OpenAPI description: no user calls them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, validationText } from '../http/errors';
import * as z from 'zod/mini';
import { applyCallEvent } from './callEvents';
import { placeCall, routeInbound } from './edge';
import { EDGE_REASON, kamailioAnswer } from './edgeDecision';
import { createKamailioRepository } from './kamailio.repository';
import { inboundForm, outboundForm, type OutboundForm } from './kamailioForms';

const PLAIN = 'text/plain; charset=utf-8';
export const KAMAILIO_SECRET_TEXT = 'Segredo do Kamailio inválido.';
/** A form of a few fields; anything bigger is not Kamailio's. */
const FORM_LIMIT_BYTES = 4096;

/** POST /telefonia/sip/registro: the extension a REGISTER, its credentials already checked, would register. */
const registrationForm = z.object({
  ramal: z.string({ error: 'Informe o ramal.' }).check(z.maxLength(20, 'Ramal inválido.'), z.regex(/^\d+$/, 'Ramal inválido.')),
});

/**
 * POST /telefonia/sip/revogacoes: the last revocation Kamailio acted on, -1 (or none) when it has just started, and
 * when it started (`inicio`, Unix seconds: its $Tb).
 */
const revocationsForm = z.object({
  apos: z.optional(z.string().check(z.maxLength(19, 'Cursor inválido.'), z.regex(/^(-1|\d*)$/, 'Cursor inválido.'))),
  inicio: z.optional(z.string().check(z.maxLength(12, 'Início inválido.'), z.regex(/^\d+$/, 'Início inválido.'))),
});

/** How much earlier than Kamailio's start revocations are still read: the clocks of two hosts differ a little. */
const START_MARGIN_SECONDS = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const plain = (reply: FastifyReply, text: string) => reply.type(PLAIN).send(text);

export const kamailioRoutes: FastifyPluginAsyncZod = async (app) => {
  // Hashes of equal length, compared in constant time: neither the secret nor its length leaks by timing.
  const expected = sha256(`Bearer ${app.config.sip.apiSecret}`);
  app.addHook('onRequest', async (request, reply) => {
    if (!timingSafeEqual(sha256(request.headers.authorization ?? ''), expected)) {
      return reply.code(401).type(PLAIN).send(KAMAILIO_SECRET_TEXT);
    }
  });

  // Kamailio's http_client posts forms; nothing else is parsed here (JSON included).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // Kamailio refuses the call on any answer but 200; the text is for its log.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return plain(reply.code(400), validationText(error.validation));
    if (error instanceof ApiError) return plain(reply.code(error.statusCode), error.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return plain(reply.code(status), 'Requisição inválida.');
    request.log.error({ req: request, err: error }, 'erro ao atender o Kamailio');
    return plain(reply.code(500), 'Erro interno do servidor.');
  });

  app.post(
    '/telefonia/sip/saida',
    {
      schema: { hide: true, body: outboundForm },
      // The caller is now ringing out (docs/rules.md "Attendant state"): after the answer, which Kamailio awaits.
      onResponse: async (request) => {
        const { chamada } = (request.body ?? {}) as Partial<OutboundForm>;
        if (chamada) await app.floor.refreshCall(chamada);
      },
    },
    async (request, reply) => plain(reply, await placeCall(app.db, request.body, app.clock(), app.config.sip.callerId)),
  );

  // Credentials live up to SIP_CREDENTIAL_SECONDS and Kamailio cannot be told to forget them: it asks here on every
  // REGISTER, so the phone of a person deactivated (or whose telephony was turned off) is refused at its next
  // registration, whatever credentials it still holds (docs/rules.md "People"). A user that is nobody's extension
  // (a phone standing in for a client's number, without a trunk) registers as before: only the API mints
  // credentials, and their calls are decided by /saida and /entrada anyway.
  app.post('/telefonia/sip/registro', { schema: { hide: true, body: registrationForm } }, async (request, reply) => {
    const [owner] = await createKamailioRepository({ db: app.db }).extensionOwners([request.body.ramal]);
    if (owner && !owner.usable) return plain(reply, kamailioAnswer({ decisao: 'recusar', motivo: EDGE_REASON.EXTENSION }));
    return plain(reply, kamailioAnswer({ decisao: 'permitir' }));
  });

  // The other half of the above: a registration Kamailio already holds is dropped within seconds of the deactivation
  // (or telephony turned off, or the extension changed), not at its expiry. Kamailio asks every 2 s, one revocation
  // per answer (its script reads `key=value` pairs, not lists): `cursor=<id>;ramal=<extension>` to unregister, or
  // `cursor=<id>` alone (nothing new, or an extension given to someone else since). A Kamailio that has just started
  // holds no registration from before it started: it is given the last id before then (a few seconds earlier, for
  // clocks that differ a little), never the whole history.
  app.post('/telefonia/sip/revogacoes', { schema: { hide: true, body: revocationsForm } }, async (request, reply) => {
    const repository = createKamailioRepository({ db: app.db });
    const { apos = '', inicio } = request.body;
    if (apos === '' || apos === '-1') {
      const started = inicio ? new Date((Number(inicio) - START_MARGIN_SECONDS) * 1000) : app.clock();
      return plain(reply, kamailioAnswer({ cursor: await repository.lastRevocationBefore(started) }));
    }
    const after = Number(apos);
    const next = await repository.revocationAfter(after);
    if (!next) return plain(reply, kamailioAnswer({ cursor: after }));
    return plain(reply, kamailioAnswer(next.extension ? { cursor: next.id, ramal: next.extension } : { cursor: next.id }));
  });

  app.post('/telefonia/sip/entrada', { schema: { hide: true, body: inboundForm } }, async (request, reply) =>
    plain(reply, await routeInbound(app.db, request.body, app.clock())),
  );

  // Validated by the handler: a bad event is answered ok=0, never 400 (callEvents.ts says why).
  // A control character makes an event malformed (`ok=0`, kamailioForms.ts), never a 400 Kamailio would re-send.
  app.post('/telefonia/sip/eventos', { schema: { hide: true }, config: { ownControlCharacterCheck: true } }, async (request, reply) => {
    const answer = await applyCallEvent(app.db, request.body, app.clock(), request.log);
    // The call's attendant may now ring, talk or be in after-call work (docs/rules.md "Attendant state").
    const callId = (request.body as { chamada?: unknown } | undefined)?.chamada;
    if (typeof callId === 'string') await app.floor.refreshCall(callId);
    return plain(reply, answer);
  });
};
