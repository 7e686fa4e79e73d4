import * as z from 'zod/mini';
import { phoneSchema } from '../format/phone';
import { INT4_MAX } from './fields';
import { envelope } from './envelope';

/** A client's phone (product-spec §3): DE_Telefone is DDD + number, digits only. */
export const telefone = z.object({
  TelefoneID: z.int(),
  DE_Telefone: z.string(),
  CO_DDD: z.string(),
  CO_Telefone: z.string(),
});
export type Telefone = z.infer<typeof telefone>;
export const telefonesResponse = envelope(z.array(telefone));
export type TelefonesResponse = z.infer<typeof telefonesResponse>;

/** POST /cadastro/telefone: a JSON integer id, as the client screen holds it. */
export const telefoneRequest = z.object({
  // The add-phone dialog's rules (product-spec §5), the same schema the browser form uses.
  DE_Telefone: phoneSchema,
  ClienteID: z.int({ error: 'Cliente inválido.' }).check(z.positive('Cliente inválido.'), z.maximum(INT4_MAX, 'Cliente inválido.')),
});
export type TelefoneRequest = z.infer<typeof telefoneRequest>;
