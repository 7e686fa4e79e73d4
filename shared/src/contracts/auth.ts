import * as z from 'zod/mini';

export const loginRequest = z.object({
  EM_Email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Email inválido.')), z.email('Email inválido.')),
  PW_Senha: z.string().check(z.minLength(1, 'Este campo é obrigatório.')),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ success: z.boolean(), text: z.string(), token: z.optional(z.string()) });
export type LoginResponse = z.infer<typeof loginResponse>;

/** The signed-in person, carried in the token's middle part (domain-rules.md "Sign-in token"). */
export const pessoa = z.object({
  ID_Pessoa: z.int(),
  ID_Funcao: z.int(),
  DE_Pessoa: z.string(),
  DE_Funcao: z.string(),
  SN_Telefonia: z.union([z.literal(0), z.literal(1)]),
  ID_Empresa: z.int(),
});
export type Pessoa = z.infer<typeof pessoa>;

export const tokenPayload = z.object({ pessoa, exp: z.number(), iat: z.optional(z.number()) });
export type TokenPayload = z.infer<typeof tokenPayload>;
