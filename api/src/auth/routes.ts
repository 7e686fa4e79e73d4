import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, loginRequest, loginResponse, LOGOUT_TEXT, textResponse } from '@consig/shared/contracts';
import { dummyHash, verifyPassword } from './password';
import { createPeopleRepository } from './people.repository';
import { addressKey, recordSuccess, reserveAttempt, throttledText } from './throttle';

const INVALID_CREDENTIALS = 'E-mail ou senha inválidos.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await dummyHash(); // computed now so the first unknown e-mail is not slower than the rest

  app.post(
    '/lnk/token',
    {
      schema: {
        tags: ['Autenticação'],
        summary: 'Entrar com e-mail e senha; devolve o token (JWT) a enviar como Bearer.',
        description:
          'Tentativas demais (por e-mail e endereço, com esperas crescentes, e tetos por e-mail e por endereço) ' +
          'recebem 429 com o tempo de espera no texto e no cabeçalho Retry-After (segundos).',
        body: loginRequest,
        response: { 200: loginResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const email = request.body.EM_Email.toLowerCase();
      const address = addressKey(request.ip);
      // Reserved before the password is checked, so parallel guesses cannot outrun the count.
      const verdict = await reserveAttempt(app.db, email, address);
      if (!verdict.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(verdict.retryAfterSeconds))
          .send({ success: false, text: throttledText(verdict.retryAfterSeconds) });
      }
      const person = await createPeopleRepository({ db: app.db }).findActiveByEmail(email);
      // An unknown e-mail costs the same scrypt work as a wrong password: no timing difference.
      const valid = await verifyPassword(request.body.PW_Senha, person?.pw_senha ?? (await dummyHash()));
      // A failure is already recorded: the reservation stays.
      if (!person || !valid) return reply.code(401).send({ success: false, text: INVALID_CREDENTIALS });
      await recordSuccess(app.db, email, address);
      const { pw_senha: _hash, ...pessoa } = person;
      return { success: true, text: 'Login realizado com sucesso.', token: await app.sessions.start(pessoa) };
    },
  );
};

/**
 * 'Sair' (product-spec §2) on the server too (docs/rules.md "Sign-in and sessions"): the caller's session is
 * revoked, so a copied token is dead at once on this instance and within 2 s on the others, and its realtime
 * sockets are closed. Registered in the bearer scope: only a live token can end its session.
 */
export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/lnk/sair',
    {
      schema: {
        tags: ['Autenticação'],
        summary: 'Sair: encerra a sessão do token no servidor (o token deixa de valer em todas as instâncias).',
        response: { 200: textResponse },
      },
    },
    async (request) => {
      await app.sessions.end(request.sessionId);
      return { success: true, text: LOGOUT_TEXT };
    },
  );
};
