import * as z from 'zod/mini';
import { isCalendarDate } from '../credit/calendar';
import { envelope } from './envelope';
import { idParam } from './fields';

// Call records (docs/rules.md "Calls"). Kamailio's decisions and events write them; users only read.

/** A call as the lists show it. Instants are ISO 8601 with São Paulo's offset; durations whole seconds. */
export const call = z.object({
  ID_Ligacao: z.int(),
  TP_Direcao: z.enum(['saida', 'entrada', 'interna']),
  /** The attendant on the company's side: who called out, or who answered an inbound call. */
  ID_Atendente: z.nullable(z.int()),
  NM_Atendente: z.nullable(z.string()),
  /** That attendant's extension at the time; null for an inbound call nobody answered. */
  NU_Ramal: z.nullable(z.string()),
  ID_Cliente: z.nullable(z.int()),
  NM_Cliente: z.nullable(z.string()),
  ID_Campanha: z.nullable(z.int()),
  /** Who called: an extension or a phone number (DDD + number). */
  NU_Origem: z.string(),
  /** Who was called: an extension, a phone number or the company's number (DID). */
  NU_Destino: z.string(),
  DT_Inicio: z.string(),
  DT_Atendimento: z.nullable(z.string()),
  DT_Fim: z.nullable(z.string()),
  /** Ringing: from the start to the answer, or to the end when unanswered (so far, while it rings). */
  NU_SegundosToque: z.int(),
  /** Talking: from the answer to the end (so far, while it lasts); 0 when unanswered. */
  NU_SegundosConversa: z.int(),
  /** The final SIP code: 200 answered, else the failure (486 busy, 487 cancelled, 403 refused...). */
  CO_SIP: z.nullable(z.int()),
  TP_Encerramento: z.nullable(z.enum(['chamador', 'chamado', 'recusada', 'falhou', 'varredura'])),
  /** 'Atendida', 'Ocupado', 'Recusada: Não Me Perturbe'... */
  DE_Resultado: z.string(),
  /** 'expirada': the retention purge deleted it (docs/rules.md "Call recordings"). */
  TP_Gravacao: z.nullable(z.enum(['pendente', 'gravada', 'falhou', 'nao_gravada', 'expirada'])),
});
export type Call = z.infer<typeof call>;

/** GET /crm/cliente/{id}/ligacoes: the client's calls, newest first, at most CLIENT_CALLS_LIMIT. */
export const callsResponse = envelope(z.array(call));
export type CallsResponse = z.infer<typeof callsResponse>;
export const CLIENT_CALLS_LIMIT = 100;

const DAY_ERROR = 'Data inválida (use AAAA-MM-DD).';

/**
 * GET /telefonia/ligacoes?ID_Atendente=&DT_Dia=: one person's calls of one São Paulo calendar day, newest
 * first. ID_Atendente defaults to the caller, DT_Dia to today.
 */
export const attendantCallsQuery = z.object({
  ID_Atendente: z.optional(idParam),
  DT_Dia: z.optional(
    z.string().check(z.maxLength(10, DAY_ERROR), z.regex(/^\d{4}-\d{2}-\d{2}$/, DAY_ERROR), z.refine(isCalendarDate, 'Data inexistente.')),
  ),
});
export type AttendantCallsQuery = z.infer<typeof attendantCallsQuery>;
