import * as z from 'zod/mini';
import { tooLong } from './fields';

/** RFC 5321: a forward path holds at most 254 characters, so no valid e-mail is longer. */
export const EMAIL_MAX = 254;
/** Long enough for a pass phrase; scrypt's cost does not grow with it, a log line or a body would. */
export const PASSWORD_MAX = 128;
/** A new password's least length (issue 22 "People"; NIST SP 800-63B §3.1.1.2 asks at least 8, we ask 10). */
export const PASSWORD_MIN = 10;

/** Why a new password is refused (api/src/auth/passwordPolicy.ts): the server's texts, shown as they are. */
export const PASSWORD_TEXT = {
  tooShort: `A senha precisa de pelo menos ${PASSWORD_MIN} caracteres.`,
  tooLong: `A senha pode ter no máximo ${PASSWORD_MAX} caracteres.`,
  isEmail: 'A senha não pode ser o seu e-mail.',
  tooCommon: 'Essa senha é comum ou fácil de adivinhar: escolha outra, por exemplo uma frase com palavras que não combinam.',
} as const;

export const loginRequest = z.object({
  // Measured after trimming, checked before the e-mail pattern runs.
  EM_Email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Email inválido.'), z.maxLength(EMAIL_MAX, 'Email inválido.')),
    z.email('Email inválido.'),
  ),
  PW_Senha: z.string().check(z.minLength(1, 'Este campo é obrigatório.'), z.maxLength(PASSWORD_MAX, tooLong(PASSWORD_MAX))),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST /lnk/sair's answer. */
export const LOGOUT_TEXT = 'Sessão encerrada.';

export const loginResponse = z.object({ success: z.boolean(), text: z.string(), token: z.optional(z.string()) });
export type LoginResponse = z.infer<typeof loginResponse>;

/** The signed-in person, carried in the token's middle part (docs/rules.md "Sign-in and sessions"). */
export const person = z.object({
  ID_Pessoa: z.int(),
  ID_Funcao: z.int(),
  DE_Pessoa: z.string(),
  DE_Funcao: z.string(),
  SN_Telefonia: z.union([z.literal(0), z.literal(1)]),
  ID_Empresa: z.int(),
});
export type Person = z.infer<typeof person>;

/**
 * `sid`: the server-side session the token belongs to (docs/rules.md "Sign-in and sessions"); the API refuses a
 * token without one. Optional here: the browser reads only `pessoa` and `exp`.
 */
export const tokenPayload = z.object({ pessoa: person, exp: z.number(), iat: z.optional(z.number()), sid: z.optional(z.string()) });
export type TokenPayload = z.infer<typeof tokenPayload>;
