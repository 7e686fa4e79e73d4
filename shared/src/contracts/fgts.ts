import * as z from 'zod/mini';
import { cpfParam } from './client';
import { INT4_MAX, tooLong } from './fields';

// POST /crm/fgts/saldo (product-spec §7; docs/rules.md "FGTS balance").

const id = (text: string) => z.int({ error: text }).check(z.positive(text), z.maximum(INT4_MAX, text));

/** What 'Verificar' sends: the client, the CPF's digits, the FGTS operation and the client's phone. */
export const fgtsBalanceRequest = z.object({
  ClienteID: id('Cliente inválido.'),
  /** 11 digits with valid check digits: the client's own CPF (checked against the record). */
  CO_CPF: cpfParam,
  OperacaoID: id('Operação inválida.'),
  /** The client's first phone as the screen holds it (DDD + number), '' when there is none. */
  DE_Telefone: z.optional(z.nullable(z.string().check(z.maxLength(11, tooLong(11)), z.regex(/^\d*$/, 'Apenas números.')))),
});
export type FgtsBalanceRequest = z.input<typeof fgtsBalanceRequest>;

/** The check was queued; the balance arrives later as realtime alert 1087 (docs/rules.md "FGTS balance"). */
export const fgtsBalanceResponse = z.object({ success: z.literal(true), text: z.string() });
