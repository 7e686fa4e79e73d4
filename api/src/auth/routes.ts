import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, loginRequest, loginResponse, type Pessoa } from '@consig/shared/contracts';
import { dummyHash, verifyPassword } from './password';
import { THROTTLED_TEXT, clearFailures, isThrottled, recordFailure } from './throttle';

const INVALID_CREDENTIALS = 'E-mail ou senha inválidos.';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await dummyHash(); // computed now so the first unknown e-mail is not slower than the rest

  app.post(
    '/lnk/token',
    {
      schema: {
        tags: ['Autenticação'],
        summary: 'Entrar com e-mail e senha; devolve o token (JWT) a enviar como Bearer.',
        body: loginRequest,
        response: { 200: loginResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const email = request.body.EM_Email.toLowerCase();
      if (await isThrottled(app.db, email, request.ip)) {
        return reply.code(429).send({ success: false, text: THROTTLED_TEXT });
      }
      const [person] = await app.db.query<Pessoa & { pw_senha: string }>(
        `select p.id_pessoa as "ID_Pessoa", p.id_funcao as "ID_Funcao", p.de_pessoa as "DE_Pessoa",
                f.de_funcao as "DE_Funcao", p.sn_telefonia as "SN_Telefonia", p.id_empresa as "ID_Empresa", p.pw_senha
           from pessoa p join funcao f on f.id_funcao = p.id_funcao
          where lower(p.em_email) = $1`,
        [email],
      );
      // An unknown e-mail costs the same scrypt work as a wrong password: no timing difference.
      const valid = await verifyPassword(request.body.PW_Senha, person?.pw_senha ?? (await dummyHash()));
      if (!person || !valid) {
        await recordFailure(app.db, email, request.ip);
        return reply.code(401).send({ success: false, text: INVALID_CREDENTIALS });
      }
      await clearFailures(app.db, email);
      const { pw_senha: _hash, ...pessoa } = person;
      return { success: true, text: 'Login realizado com sucesso.', token: app.tokens.sign(pessoa) };
    },
  );
};
