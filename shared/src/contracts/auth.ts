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

/**
 * `SN_TrocarSenha: 1` (present only then): the person signed in with a temporary password (a new person, or one a
 * manager reset) and must choose their own with PUT /lnk/senha before the token reaches anything else.
 */
export const loginResponse = z.object({
  success: z.boolean(),
  text: z.string(),
  token: z.optional(z.string()),
  SN_TrocarSenha: z.optional(z.literal(1)),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** The 403 of every request but PUT /lnk/senha and 'Sair' while a temporary password is not replaced. */
export const PASSWORD_CHANGE_REQUIRED_TEXT = 'Troque sua senha temporária para continuar.';

const newPassword = z.string().check(z.minLength(1, 'Este campo é obrigatório.'), z.maxLength(PASSWORD_MAX, tooLong(PASSWORD_MAX)));

/** PUT /lnk/senha: the signed-in person replaces their password (the rule's texts come from the server). */
export const passwordChangeRequest = z.object({
  PW_Atual: z.string().check(z.minLength(1, 'Este campo é obrigatório.'), z.maxLength(PASSWORD_MAX, tooLong(PASSWORD_MAX))),
  PW_Nova: newPassword,
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

/** PUT /lnk/senha's answer, and its refusals'. */
export const PASSWORD_CHANGE_TEXT = {
  changed: 'Senha alterada.',
  wrongCurrent: 'Senha atual incorreta.',
  sameAsCurrent: 'A nova senha precisa ser diferente da atual.',
} as const;

/** POST /lnk/senha/esqueci ('Esqueceu sua senha?'). */
export const passwordRecoveryRequest = z.object({ EM_Email: loginRequest.shape.EM_Email });
export type PasswordRecoveryRequest = z.infer<typeof passwordRecoveryRequest>;

/** POST /lnk/senha/redefinir: the recovery link's token and the new password. */
export const passwordResetRequest = z.object({
  TX_Token: z.string().check(z.minLength(1, 'Link inválido.'), z.maxLength(200, 'Link inválido.')),
  PW_Nova: newPassword,
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequest>;

/** Recovery's texts (issue 22 "Password recovery and access requests"). */
export const PASSWORD_RECOVERY_TEXT = {
  /** The answer to every request, whether the e-mail is registered or not. */
  requested: 'Se o e-mail estiver cadastrado, enviaremos um link para criar uma nova senha.',
  reset: 'Senha redefinida. Entre com a nova senha.',
  used: 'Este link já foi usado. Peça um novo.',
  expired: 'Este link expirou. Peça um novo.',
  invalid: 'Link inválido.',
} as const;

/** What 'Cadastre-se' explains: no self sign-up for a CRM holding CPFs. */
export const ACCESS_REQUEST_TEXT = 'O acesso é liberado pelo gerente da sua empresa. Fale com ele para receber seu usuário.';

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
