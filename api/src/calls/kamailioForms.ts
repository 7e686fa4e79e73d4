/**
 * The form fields Kamailio posts to /telefonia/sip/* (application/x-www-form-urlencoded; docs/rules.md "Calls").
 * Kamailio's wire, not the browsers': these schemas stay in the API, out of the shared contracts.
 */
import { boundedText } from '@consig/shared/contracts';
import * as z from 'zod/mini';
import { hasControlCharacter } from '../http/controlCharacters';

const callId = z.string({ error: 'Informe o Call-ID.' }).check(
  z.minLength(1, 'Informe o Call-ID.'),
  z.maxLength(200, 'Call-ID longo demais: no máximo 200 caracteres.'),
  z.refine((text) => !hasControlCharacter(text), 'Call-ID inválido.'),
);
const extension = z.string({ error: 'Informe o ramal.' }).check(z.maxLength(20, 'Ramal inválido.'), z.regex(/^\d+$/, 'Ramal inválido.'));

/** POST /telefonia/sip/saida: the SIP Call-ID, the calling extension, the dialled user part as dialled. */
export const outboundForm = z.object({
  chamada: callId,
  ramal: extension,
  destino: boundedText(100).check(z.minLength(1, 'Informe o destino.')),
});
export type OutboundForm = z.infer<typeof outboundForm>;

/** POST /telefonia/sip/entrada: the Call-ID, the caller as the carrier sent it (maybe 'anonymous'), the DID. */
export const inboundForm = z.object({
  chamada: callId,
  origem: z.optional(boundedText(100)),
  did: boundedText(100).check(z.minLength(1, 'Informe o número chamado.')),
});
export type InboundForm = z.infer<typeof inboundForm>;

/** Kamailio's clock, `$TV(Sn)`: unix seconds and microseconds, '1764190000.123456' (2001 to 5138). */
const INSTANT = /^(\d{10,11})(?:\.(\d{1,6}))?$/;

/** POST /telefonia/sip/eventos. `chamada` is absent only on 'reinicio' (Kamailio started). */
export const eventForm = z.object({
  evento: z.enum(['tocando', 'atendida', 'encerrada', 'falhou', 'reinicio'], 'Evento desconhecido.'),
  chamada: z.optional(callId),
  instante: z.string({ error: 'Informe o instante.' }).check(z.maxLength(20, 'Instante inválido.'), z.regex(INSTANT, 'Instante inválido.')),
  codigo: z.optional(z.string().check(z.regex(/^[1-6]\d\d$/, 'Código SIP inválido.'))),
  quem: z.optional(z.enum(['chamador', 'chamado'], 'Lado inválido: chamador ou chamado.')),
  /** The extension that answered an inbound call; anything but digits (an unset value) counts as none. */
  ramal: z.optional(boundedText(40)),
});
export type EventForm = z.infer<typeof eventForm>;

/** '1764190000.123456' → '2025-11-26T20:46:40.123456Z', to the microsecond (a Date keeps milliseconds only). */
export function kamailioInstant(text: string): string {
  const [, seconds, fraction = ''] = INSTANT.exec(text) ?? [];
  if (seconds === undefined) throw new RangeError('Instante inválido.');
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${fraction.padEnd(6, '0')}Z`;
}
