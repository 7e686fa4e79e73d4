import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  loginRequest,
  loginResponse,
  LOGOUT_TEXT,
  PASSWORD_CHANGE_TEXT,
  PASSWORD_RECOVERY_TEXT,
  passwordChangeRequest,
  passwordRecoveryRequest,
  passwordResetRequest,
  textResponse,
} from '@consig/shared/contracts';
import type { FastifyReply } from 'fastify';
import { dummyHash, verifyPassword } from './password';
import { changePassword } from './passwordChange';
import { resetPassword, sendRecoveryLink } from './passwordRecovery';
import { createPeopleRepository } from './people.repository';
import { reserveRecoveryRequest } from './recoveryThrottle';
import { addressKey, recordSuccess, reserveAttempt, Throttled, throttledText } from './throttle';

const INVALID_CREDENTIALS = 'E-mail ou senha inválidos.';

/** A Throttled refusal carries its wait in Retry-After too, as the sign-in's 429 does. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Throttled) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

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
          'recebem 429 com o tempo de espera no texto e no cabeçalho Retry-After (segundos). ' +
          'SN_TrocarSenha: 1 quando a senha é temporária: o token só alcança PUT /lnk/senha e POST /lnk/sair até ' +
          'a troca (os demais respondem 403).',
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
      const { pw_senha: _hash, sn_trocar_senha: mustChange, ...pessoa } = person;
      const token = await app.sessions.start(pessoa);
      return { success: true, text: 'Login realizado com sucesso.', token, ...(mustChange === 1 ? { SN_TrocarSenha: 1 as const } : {}) };
    },
  );

  // Links still being e-mailed when the app closes are awaited, not cut off halfway.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.allSettled(pending)));

  app.post(
    '/lnk/senha/esqueci',
    {
      schema: {
        tags: ['Autenticação'],
        summary: "'Esqueceu sua senha?': envia ao e-mail, se cadastrado e ativo, um link de uso único válido por 30 minutos.",
        description:
          'A resposta é a mesma, no texto e no tempo, esteja o e-mail cadastrado ou não. Pedidos demais por e-mail ' +
          'ou por endereço recebem 429 com o tempo de espera no texto e no cabeçalho Retry-After (segundos).',
        body: passwordRecoveryRequest,
        response: { 200: textResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const email = request.body.EM_Email.toLowerCase();
      const at = app.clock();
      const verdict = await reserveRecoveryRequest(app.db, email, addressKey(request.ip), at);
      if (!verdict.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(verdict.retryAfterSeconds))
          .send({ success: false, text: throttledText(verdict.retryAfterSeconds) });
      }
      // After the answer: looking the person up, storing the link and talking to SMTP would tell by their time
      // which e-mails are registered.
      const work = sendRecoveryLink({ db: app.db, mail: app.config.mail, appUrl: app.config.appUrl, log: request.log }, email, at)
        .catch((error: unknown) => request.log.error({ err: error }, 'falha ao preparar o link de recuperação de senha'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return { success: true, text: PASSWORD_RECOVERY_TEXT.requested };
    },
  );

  app.post(
    '/lnk/senha/redefinir',
    {
      schema: {
        tags: ['Autenticação'],
        summary: 'Define a nova senha com o token do link de recuperação; encerra todas as sessões da pessoa.',
        description: "Link usado, expirado ou desconhecido: 400 com o texto a mostrar ('Peça um novo.').",
        body: passwordResetRequest,
        response: { 200: textResponse, 400: errorResponse },
      },
    },
    async (request) => {
      await resetPassword({ db: app.db, sessions: app.sessions, at: app.clock(), ip: request.ip }, request.body);
      return { success: true, text: PASSWORD_RECOVERY_TEXT.reset };
    },
  );
};

/**
 * 'Sair' (product-spec §2) on the server too (docs/rules.md "Sign-in and sessions"): the caller's session is
 * revoked, so a copied token is dead at once on this instance and within 2 s on the others, and its realtime
 * sockets are closed. Registered in the bearer scope: only a live token can end its session. And PUT /lnk/senha,
 * the one other route a session with a temporary password reaches (authenticate.ts).
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

  app.put(
    '/lnk/senha',
    {
      schema: {
        tags: ['Autenticação'],
        summary: 'Trocar a própria senha (também a temporária do primeiro acesso); encerra as outras sessões da pessoa.',
        description:
          "Senha atual errada: 400 'Senha atual incorreta.', e conta como tentativa de acesso (429 com Retry-After " +
          'quando são demais). A nova senha segue a regra de senhas (400 com o motivo).',
        body: passwordChangeRequest,
        response: { 200: textResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      await withRetryAfter(reply, () =>
        changePassword(
          { db: app.db, sessions: app.sessions },
          { person: request.pessoa, sessionId: request.sessionId, ip: request.ip },
          request.body,
        ),
      );
      return { success: true, text: PASSWORD_CHANGE_TEXT.changed };
    },
  );
};
